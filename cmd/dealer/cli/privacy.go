package cli

// `dealer db export USER` and `dealer db forget USER`: a player's data
// request answered by the admin, as /privacy answers it in Discord.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
)

// dbPlayerArgs checks the arguments of `dealer db export|forget` (after
// the verb) and the flags given, then runs it.
func dbPlayerArgs(e env, verb string, args, given []string, db, config string, yes bool) int {
	allowed := []string{"--db", "--config"}
	if verb == "forget" {
		allowed = append(allowed, "--yes")
	}
	if misplaced := notAmong(given, allowed...); len(misplaced) > 0 {
		return usageError(e.stderr, "db", "%s takes %s, not %s", verb, strings.Join(allowed, ", "), strings.Join(misplaced, " or "))
	}
	switch {
	case len(args) == 0:
		return usageError(e.stderr, "db", "%s needs the player's user id: dealer db %s USER", verb, verb)
	case len(args) > 1:
		return usageError(e.stderr, "db", "unexpected %q: %s takes one USER", clip(strings.Join(args[1:], " "), 40), verb)
	case args[0] == "" || len(args[0]) > 100 || strings.HasPrefix(args[0], store.ForgottenPrefix):
		return usageError(e.stderr, "db", "%q is not a player's user id (a Discord id, such as 80351110224678912)", clip(args[0], 40))
	}
	st, code := openStore(e, "db "+verb, db, config)
	if st == nil {
		return code
	}
	defer st.Close()
	if verb == "export" {
		return dbExport(e, st, args[0])
	}
	return dbForget(e, st, args[0], yes)
}

// dbExport is `dealer db export USER`: everything kept about the player,
// as JSON on standard output (the file /privacy export sends them).
func dbExport(e env, st *store.Store, user string) int {
	d, err := st.PlayerData(context.Background(), user)
	if err != nil {
		fmt.Fprintln(e.stderr, "dealer db export:", safeText(strings.ReplaceAll(err.Error(), "store: ", "")))
		return exitFail
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		fmt.Fprintln(e.stderr, "dealer db export:", err)
		return exitFail
	}
	if d.Empty() {
		fmt.Fprintf(e.stderr, "dealer db export: nothing is kept about %s\n", safeText(user))
	}
	return exitOK
}

// dbForget is `dealer db forget USER`: without --yes it says what would be
// forgotten; with it, it forgets (store.Forget) and says what it did.
func dbForget(e env, st *store.Store, user string, yes bool) int {
	ctx := context.Background()
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "dealer db forget:", safeText(strings.ReplaceAll(err.Error(), "store: ", "")))
		return exitFail
	}
	if !yes {
		d, err := st.PlayerData(ctx, user)
		if err != nil {
			return fail(err)
		}
		if d.Empty() {
			fmt.Fprintf(e.stdout, "nothing is kept about %s\n", safeText(user))
			return exitOK
		}
		fmt.Fprintf(e.stdout, "%s: %s, %s, %s; nothing changed. Run again with --yes to forget them: it cannot be undone.\n",
			safeText(user), render.Plural(len(d.Tables), "table"), render.Plural(len(d.Results), "result"), settingsWord(d.Settings != nil))
		return exitFail
	}
	f, err := st.Forget(ctx, user)
	if errors.Is(err, store.ErrNotAPerson) {
		return usageError(e.stderr, "db", "%q is not a player's user id", clip(user, 40))
	}
	if err != nil {
		return fail(err)
	}
	if f.UserID == "" && !f.Settings {
		fmt.Fprintf(e.stdout, "nothing is kept about %s\n", safeText(user))
		return exitOK
	}
	// The line names the placeholder, not the player: it may be kept in a
	// shell's history or a ticket.
	fmt.Fprintf(e.stdout, "forgotten: settings %s; %s and %s now under %q\n",
		map[bool]string{true: "deleted", false: "none kept"}[f.Settings],
		render.Plural(f.Tables, "table"), render.Plural(f.Results, "result"), f.Name)
	return exitOK
}

// settingsWord says whether a player has settings kept.
func settingsWord(kept bool) string {
	if kept {
		return "settings"
	}
	return "no settings"
}
