package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

func gamesUsage(env) string {
	return `usage: dealer games
       dealer games --unfinished [--db FILE]
       dealer games --discard ID [--db FILE]

The games on offer, with their players. --unfinished lists your unfinished
games at this terminal, to continue with dealer play --resume ID; --discard
ID gives one up for good (it counts for no one).

  --unfinished    your unfinished games, the last played first
  --discard ID    give up unfinished game ID
  --db FILE       the database (default: the config's, dealer.db)
  --config FILE   the config file (default: config.yaml if present)
`
}

// gamesCmd is `dealer games`: the games on offer, or the player's
// unfinished ones (--unfinished), or one of them given up (--discard ID).
func gamesCmd(e env, args []string) int {
	fs := newFlags("dealer games")
	list := fs.Bool("unfinished", false, "")
	discard := fs.Int64("discard", 0, "")
	db := fs.String("db", "", "")
	config := fs.String("config", "", "")
	if !parseOptions(e.stderr, "games", fs, args, "") {
		return exitUsage
	}
	switch {
	case *list && *discard != 0:
		return usageError(e.stderr, "games", "give --unfinished or --discard ID, not both")
	case *discard < 0:
		return usageError(e.stderr, "games", "--discard takes a game's number, as --unfinished lists them")
	case !*list && *discard == 0:
		if set := setFlags(fs); len(set) > 0 {
			return usageError(e.stderr, "games", "%s go with --unfinished or --discard ID", strings.Join(set, " and "))
		}
		return listGames(e.reg, e)
	}
	st, code := openStore(e, "games", *db, *config)
	if st == nil {
		return code
	}
	defer st.Close()
	if *list {
		return listUnfinished(e, st)
	}
	return discardGame(e, st, *discard)
}

// setFlags names the flags given.
func setFlags(fs *flag.FlagSet) []string {
	var out []string
	fs.Visit(func(f *flag.Flag) { out = append(out, "--"+f.Name) })
	return out
}

// listGames lists the games on offer, with their seats.
func listGames(reg *render.Registry, e env) int {
	for _, g := range reg.All() {
		fmt.Fprintf(e.stdout, "%-16s %-16s %s\n", g.Name, g.Title, g.SeatsText())
	}
	return exitOK
}

// mine are the terminal player's unfinished games, the last played first.
func mine(ctx context.Context, st *store.Store, owner string) ([]store.TableRow, error) {
	all, err := st.Unfinished(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", st.Path(), err)
	}
	var out []store.TableRow
	for _, s := range all {
		if s.OwnerID == owner && s.GuildID == "" && s.Status == store.StatusPlaying {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].UpdatedAt.After(out[j].UpdatedAt) })
	return out, nil
}

// listUnfinished is `dealer games --unfinished`.
func listUnfinished(e env, st *store.Store) int {
	list, err := mine(context.Background(), st, terminalOwner(e.getenv))
	if err != nil {
		fmt.Fprintln(e.stderr, "dealer games:", err)
		return exitFail
	}
	if len(list) == 0 {
		fmt.Fprintf(e.stdout, "No unfinished games in %s.\n", st.Path())
		return exitOK
	}
	fmt.Fprintf(e.stdout, "%5s  %-16s %8s %6s  %s\n", "game", "", "deal", "moves", "last played")
	for _, s := range list {
		title := safeText(s.Game)
		if rg, ok := e.reg.Lookup(s.Game); ok {
			title = rg.Title
		}
		fmt.Fprintf(e.stdout, "%5d  %-16s %8d %6d  %s\n", s.ID, clip(title, 16), s.Deal, s.Moves,
			s.UpdatedAt.Local().Format(time.DateTime[:16]))
	}
	fmt.Fprintln(e.stdout, "Continue one: dealer play --resume ID. Give one up: dealer games --discard ID.")
	return exitOK
}

// discardGame is `dealer games --discard ID`: the game is abandoned, and
// counts for no one.
func discardGame(e env, st *store.Store, id int64) int {
	ctx := context.Background()
	sess, err := st.TableRow(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound) || err == nil && (sess.OwnerID != terminalOwner(e.getenv) || sess.GuildID != ""):
		fmt.Fprintf(e.stderr, "dealer games: %s holds no game %d of yours (dealer games --unfinished lists them)\n", st.Path(), id)
		return exitFail
	case err != nil:
		fmt.Fprintf(e.stderr, "dealer games: reading %s: %v\n", st.Path(), err)
		return exitFail
	case sess.Status != store.StatusPlaying:
		fmt.Fprintf(e.stderr, "dealer games: game %d is %s already\n", id, sess.Status)
		return exitFail
	}
	tb, err := play.Load(ctx, st, e.reg.Engines(), id)
	if err == nil {
		err = tb.Abandon(ctx)
	}
	switch {
	case errors.Is(err, play.ErrMovedOn):
		fmt.Fprintf(e.stderr, "dealer games: game %d moved on while it was being discarded (it is played elsewhere): nothing was changed; look again with dealer games --unfinished\n", id)
		return exitFail
	case err != nil:
		fmt.Fprintf(e.stderr, "dealer games: %s: %s\n", st.Path(), safeText(err.Error()))
		return exitFail
	}
	fmt.Fprintf(e.stdout, "Game %d discarded.\n", id)
	return exitOK
}

func cardsUsage(env) string {
	return "usage: dealer cards GAME [--json]\n\nThe card set of a game that designs its own (The Agents: dealer cards\ntheagents), as text or as JSON.\n"
}

// cardsCmd is `dealer cards GAME [--json]`: the card set of a game that
// designs its own (The Agents).
func cardsCmd(e env, args []string) int {
	fs := newFlags("dealer cards")
	asJSON := fs.Bool("json", false, "")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return usageError(e.stderr, "cards", "%s", flagError(err))
	}
	sets := cardSets(e.reg)
	var set games.CardLister
	if len(rest) == 1 {
		set = sets[strings.ToLower(rest[0])]
	}
	if set == nil {
		var titles, names []string
		for _, g := range e.reg.All() {
			if _, ok := sets[g.Name]; ok {
				titles, names = append(titles, g.Title), append(names, g.Name)
			}
		}
		return usageError(e.stderr, "cards", "only %s has a card set of its own: dealer cards %s [--json]",
			strings.Join(titles, " and "), strings.Join(names, "|"))
	}
	if !*asJSON {
		fmt.Fprint(e.stdout, set.CardSetText())
		return exitOK
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(set.CardSet()); err != nil {
		fmt.Fprintln(e.stderr, "dealer cards:", err)
		return exitFail
	}
	return exitOK
}

// cardSets are the games with a card set of their own, by name: a game
// says so by its engine being a games.CardLister.
func cardSets(reg *render.Registry) map[string]games.CardLister {
	out := map[string]games.CardLister{}
	for _, g := range reg.All() {
		if e, err := g.New(1, g.MinSeats); err == nil {
			if l, ok := e.(games.CardLister); ok {
				out[g.Name] = l
			}
		}
	}
	return out
}
