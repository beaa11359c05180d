package webtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// Clock is a store's clock that tests move on: games then last minutes and
// happen over days, as they would.
type Clock = testkit.Clock

// NewClock is a Clock at t.
func NewClock(t time.Time) *Clock { return testkit.NewClock(t) }

// Start is when seeded stores' clocks start: a fixed day, so pages and
// screenshots are the same on every run.
var Start = time.Date(2026, 11, 1, 18, 0, 0, 0, time.UTC)

// OpenStore opens a fresh SQLite store in the test's temporary directory,
// on a Clock starting at Start, closed when the test ends.
func OpenStore(t testing.TB) (*store.Store, *Clock) {
	t.Helper()
	return OpenStoreAt(t, filepath.Join(t.TempDir(), "dealer.db"))
}

// OpenStoreAt is OpenStore on database (a file, or a PostgreSQL URL such
// as pgtest.URL gives).
func OpenStoreAt(t testing.TB, database string) (*store.Store, *Clock) {
	t.Helper()
	st, err := store.Open(database)
	if err != nil {
		t.Fatalf("webtest: %v", err)
	}
	c := NewClock(Start)
	st.Now = c.Now
	t.Cleanup(func() { _ = st.Close() })
	return st, c
}

// Person is a seeded player: a Discord-like user id and a name.
type Person struct{ ID, Name string }

var names = []string{"Ann", "Bob", "Chloé", "Dmitri", "Esther", "Farid", "Gwen", "Hiro", "Ines", "Jamal",
	"Kasia", "Lars", "Mei", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tamar"}

// People are n players, the same for the same n: user ids like Discord's
// snowflakes, and names (with a number past the twentieth).
func People(n int) []Person {
	out := make([]Person, n)
	for i := range out {
		name := names[i%len(names)]
		if i >= len(names) {
			name = fmt.Sprintf("%s %d", name, i/len(names)+1)
		}
		out[i] = Person{ID: fmt.Sprintf("%d", 300000000000000000+i*7919), Name: name}
	}
	return out
}

// Seed says what Populate plays.
type Seed struct {
	// Guild is the Discord server the tables are in.
	Guild string
	// People play the tables, in turns.
	People []Person
	// Tables is how many games are played to their end; Games the games
	// played in turn (nil: every game of the registry).
	Tables int
	Games  []string
	// Daily plays the daily deal of each solitaire on that many days up to
	// Clock's day, one attempt a person on each.
	Daily int
	// Workers play tables at once (group commits make that quicker);
	// 0 is 4.
	Workers int
	// Rand makes the choices: the same seed, the same games.
	Rand uint64
}

// Table is a table Populate made.
type Table struct {
	ID     int64
	Token  string
	Game   string
	Status games.Status
}

// Populate plays s.Tables games to their end in st, every move saved as
// the bot saves it (play.Table): solitaires won by the solver or lost
// after random moves, multiplayer games played by computer players in the
// people's seats. The clock moves a few minutes per game.
func Populate(t testing.TB, st *store.Store, reg *render.Registry, c *Clock, s Seed) []Table {
	t.Helper()
	if s.Workers <= 0 {
		s.Workers = 4
	}
	gamesPlayed := s.Games
	if len(gamesPlayed) == 0 {
		gamesPlayed = reg.Engines().Names()
	}
	out := make([]Table, s.Tables)
	errs := make(chan error, s.Workers)
	var wg sync.WaitGroup
	for w := range s.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < s.Tables; i += s.Workers {
				rng := rand.New(rand.NewPCG(s.Rand, uint64(i)))
				game := gamesPlayed[i%len(gamesPlayed)]
				tb, err := PlayGame(context.Background(), st, reg, store.TableRow{Game: game, Deal: uint64(i + 1), GuildID: s.Guild,
					ChannelID: "1", Players: seats(reg, game, s.People, i)}, rng, thinking(c, rng))
				if err == nil {
					out[i], err = made(st, tb)
				}
				c.Advance(time.Duration(1+rng.IntN(8)) * time.Hour)
				if err != nil {
					errs <- fmt.Errorf("table %d (%s): %w", i, game, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("webtest: populate: %v", err)
	}
	populateDaily(t, st, reg, c, s)
	return out
}

// populateDaily plays the daily deals of the last s.Daily days.
func populateDaily(t testing.TB, st *store.Store, reg *render.Registry, c *Clock, s Seed) {
	t.Helper()
	ctx := context.Background()
	today := c.Now().UTC()
	for back := s.Daily - 1; back >= 0; back-- {
		day := today.AddDate(0, 0, -back).Format(time.DateOnly)
		for gi, g := range reg.All() {
			if g.Solve == nil {
				continue
			}
			deal, err := st.SetDailyDeal(ctx, g.Name, day, uint64(1000+back*10+gi))
			if err != nil {
				t.Fatalf("webtest: daily deal: %v", err)
			}
			for pi, p := range s.People {
				if (pi+back+gi)%3 == 2 {
					continue // not everyone plays every day
				}
				rng := rand.New(rand.NewPCG(s.Rand+uint64(back), uint64(pi*10+gi)))
				_, err := PlayGame(ctx, st, reg, store.TableRow{Game: g.Name, Deal: deal, Seats: 1, GuildID: s.Guild, ChannelID: "1",
					OwnerID: p.ID, Daily: day, Players: []store.Player{{Seat: 0, UserID: p.ID, Name: p.Name}}}, rng, thinking(c, rng))
				if err != nil {
					t.Fatalf("webtest: daily %s %s: %v", g.Name, day, err)
				}
				c.Advance(time.Minute)
			}
		}
	}
}

// thinking moves the clock on a few seconds a move, so that games take
// their time.
func thinking(c *Clock, rng *rand.Rand) func(*play.Table) {
	return func(*play.Table) { c.Advance(time.Duration(1+rng.IntN(9)) * time.Second) }
}

// seats are the players of table i: people in turn, the rest of a
// multiplayer table's seats computer players.
func seats(reg *render.Registry, game string, people []Person, i int) []store.Player {
	info, _ := reg.Lookup(game)
	n := info.MinSeats
	if info.MaxSeats > info.MinSeats {
		n = info.MinSeats + i%(info.MaxSeats-info.MinSeats+1)
	}
	humans := 1
	if !info.Solitaire() {
		humans = 1 + i%min(n, 3)
	}
	var ps []store.Player
	for s := range n {
		if s < humans && len(people) > 0 {
			p := people[(i+s*5)%len(people)]
			ps = append(ps, store.Player{Seat: s, UserID: p.ID, Name: p.Name})
			continue
		}
		ps = append(ps, store.Player{Seat: s, Computer: true, Name: play.ComputerName(s)})
	}
	return ps
}

func made(st *store.Store, tb *play.Table) (Table, error) {
	token, err := st.TableToken(context.Background(), tb.Row.ID)
	return Table{ID: tb.Row.ID, Token: token, Game: tb.Info.Name, Status: tb.Row.Status}, err
}

// PlayGame opens a table for sess (its seat count is its players') and
// plays it to its end, saving every move, then finishes it: a solitaire
// is won by the solver's line (every other one) or lost after random
// moves; a multiplayer game's every seat is played by the game's computer
// player. each, when not nil, is called after every move.
func PlayGame(ctx context.Context, st *store.Store, reg *render.Registry, sess store.TableRow, rng *rand.Rand, each func(*play.Table)) (*play.Table, error) {
	sess.Seats = len(sess.Players)
	if sess.OwnerID == "" && len(sess.Players) > 0 {
		sess.OwnerID = sess.Players[0].UserID
	}
	tb, err := play.Open(ctx, st, reg.Engines(), sess)
	if err != nil {
		return nil, err
	}
	if tb.Info.Solitaire() {
		err = playSolitaire(ctx, tb, rng, each)
	} else {
		err = playComputers(ctx, tb, each)
	}
	if err != nil {
		return nil, err
	}
	return tb, tb.Finish(ctx)
}

// solveBudget bounds the solver's time on a seeded deal: a deal it cannot
// win in that time is played at random instead.
const solveBudget = 300 * time.Millisecond

// solutions keeps the solver's answers: a daily deal is played by many.
var solutions sync.Map // "game deal options" → games.Solution

// solve is the solver's answer for tb's deal (it is deterministic).
func solve(tb *play.Table) games.Solution {
	key := fmt.Sprintf("%s %d %s", tb.Info.Name, tb.Row.Deal, tb.Row.Options)
	if sol, ok := solutions.Load(key); ok {
		return sol.(games.Solution)
	}
	sol := tb.Info.Solve(tb.Game, solveBudget)
	solutions.Store(key, sol)
	return sol
}

// playSolitaire wins with the solver's line, or plays random moves and
// resigns.
func playSolitaire(ctx context.Context, tb *play.Table, rng *rand.Rand, each func(*play.Table)) error {
	apply := func(m string) error {
		if err := tb.Apply(ctx, 0, m); err != nil {
			return fmt.Errorf("move %q: %w", m, err)
		}
		if each != nil {
			each(tb)
		}
		return nil
	}
	if rng.IntN(2) == 0 && tb.Info.Solve != nil {
		if sol := solve(tb); sol.Verdict == games.Solvable {
			for _, m := range sol.Moves {
				if err := apply(m); err != nil {
					return err
				}
			}
			if tb.Game.Status().Finished() {
				return nil
			}
		}
	}
	for n := 5 + rng.IntN(40); n > 0 && !tb.Game.Status().Finished(); n-- {
		var moves []string
		for _, m := range tb.Game.Legal(0) {
			if s := m.String(); s != "undo" && s != "resign" && !strings.HasPrefix(s, "autoplay") {
				moves = append(moves, s)
			}
		}
		if len(moves) == 0 {
			break
		}
		if err := apply(moves[rng.IntN(len(moves))]); err != nil {
			return err
		}
	}
	if tb.Game.Status().Finished() {
		return nil
	}
	return apply("resign")
}

// playComputers plays every seat with the game's computer player.
func playComputers(ctx context.Context, tb *play.Table, each func(*play.Table)) error {
	for steps := 0; !tb.Game.Status().Finished(); steps++ {
		act := tb.Game.ToAct()
		if len(act) == 0 || steps > 100000 {
			return fmt.Errorf("the game stalled after %d moves", steps)
		}
		m := tb.Info.Computer(tb.Game, act[0])
		if err := tb.Apply(ctx, act[0], m.String()); err != nil {
			return fmt.Errorf("computer move %q: %w", m, err)
		}
		if each != nil {
			each(tb)
		}
	}
	return nil
}
