package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// hostile are names as a Discord user, or another process sharing the
// database, might write them, and what the terminal shows of each.
var hostile = []struct{ name, in, want string }{
	{"plain", "Ann", "Ann"},
	{"accents and emoji", "Zoë 🃏‍🔥", "Zoë 🃏‍🔥"},
	{"clear screen", "\x1b[2J\x1b[HAnn", "Ann"},
	{"colour", "\x1b[31;1mRed\x1b[0m", "Red"},
	{"window title (OSC, BEL)", "\x1b]0;pwned\x07Bob", "Bob"},
	{"hyperlink (OSC 8, ST)", "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\", "click"},
	{"an OSC cut short by a CSI", "\x1b]0;title\x1b[31mCarl", "Carl"},
	{"device control string", "\x1bPq#0;2;0;0;0\x1b\\Dee", "Dee"},
	{"charset switch", "\x1b(0lqk\x1b(B", "lqk"},
	{"keypad mode", "\x1b=Eve\x1b>", "Eve"},
	{"C1 CSI", "\u009b2JFay", "Fay"},
	{"C1 OSC", "\u009d0;t\u009cGus", "Gus"},
	{"bell, backspace, NUL", "H\a\b\x00al", "Hal"},
	{"DEL", "I\x7fvy", "Ivy"},
	{"line breaks and tabs", "Jo\nJo\r\tJo", "Jo Jo  Jo"},
	{"line separator", "Kim\u2028Lee", "Kim Lee"},
	{"bidi override", "\u202eevil\u202c.exe", "evil.exe"},
	{"bidi isolate and marks", "\u2066a\u2069\u200eb\u200f\u061c", "ab"},
	{"BOM", "\ufeffMo", "Mo"},
	{"not UTF-8", "N\xffo", "N\ufffdo"},
	{"nothing printable", "\x1b[2J\u202e", "?"},
	{"a lone ESC at the end", "Oz\x1b", "Oz"},
	{"empty", "", ""},
}

// safeText leaves nothing a terminal would obey.
func TestSafeText(t *testing.T) {
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			got := safeText(tc.in)
			assert.Equal(t, tc.want, got)
			assertTerminalSafe(t, got)
		})
	}
}

// assertTerminalSafe fails if s holds anything a terminal obeys.
func assertTerminalSafe(t *testing.T, s string) {
	t.Helper()
	for _, r := range s {
		if r == '\n' {
			continue
		}
		require.False(t, r < ' ' || r == 0x7f || r >= 0x80 && r <= 0x9f || isBidiControl(r),
			"%U in %q", r, s)
	}
}

// Hostile names in the database, written there by another process, reach
// the terminal safe: in stats, the leaderboard, the unfinished games, and
// a hot seat's screens, prompts and ranking.
func TestHostileNamesAtTheTerminal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dealer.db")
	st, err := store.Open(db)
	require.NoError(t, err)
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	env := map[string]string{"USER": "tester"}

	// Discord players with hostile names, each with a finished game.
	var names []string
	for i, h := range hostile {
		if h.in == "" || h.in == "Ann" {
			continue
		}
		name := h.in
		names = append(names, name)
		id, err := st.CreateTable(ctx, store.TableRow{Game: "doublets", Deal: 4, Seats: 1, GuildID: "1", OwnerID: fmt.Sprint(1000 + i),
			Players: []store.Player{{UserID: fmt.Sprint(1000 + i), Name: name}}})
		require.NoError(t, err)
		_, err = st.Finish(ctx, id, 0, store.StatusLost, []store.Result{{UserID: fmt.Sprint(1000 + i), Name: name, Score: i}})
		require.NoError(t, err)
	}
	// A game the store holds under a name no game has, unfinished.
	odd, err := st.CreateTable(ctx, store.TableRow{Game: "\x1b]0;pwned\x07doublets\x1b[2J", Deal: 1, Seats: 1, OwnerID: "terminal:tester",
		Status: store.StatusPlaying})
	require.NoError(t, err)
	// A hot seat of two people whose names another process wrote.
	hot, err := play.Open(ctx, st, reg, store.TableRow{Game: "secretagent", Deal: 5, Seats: 4, OwnerID: "terminal:tester",
		Players: play.Seat([]store.Player{
			{UserID: "terminal:a", Name: "\x1b[2J\x1b]0;x\x07Ann\u202e"}, {UserID: "terminal:b", Name: "Bob\x1b[8m"},
			{Computer: true}, {Computer: true}}), Status: store.StatusPlaying})
	require.NoError(t, err)
	require.NoError(t, st.Close())

	check := func(t *testing.T, out, errs string) {
		t.Helper()
		assertTerminalSafe(t, out)
		assertTerminalSafe(t, errs)
	}
	t.Run("leaderboard", func(t *testing.T) {
		code, out, errs := run(t, "", env, "leaderboard", "doublets", "--top", "50", "--db", db)
		require.Equal(t, 0, code, errs)
		check(t, out, errs)
		assert.Contains(t, out, "Red")
		assert.Contains(t, out, "evil.exe")
	})
	t.Run("stats", func(t *testing.T) {
		for _, name := range names {
			code, out, errs := run(t, "", env, "stats", "--user", name, "--db", db)
			require.Equal(t, 0, code, errs)
			check(t, out, errs)
			assert.Contains(t, out, "Statistics of ")
		}
	})
	t.Run("unfinished games", func(t *testing.T) {
		code, out, errs := run(t, "", env, "games", "--unfinished", "--db", db)
		require.Equal(t, 0, code, errs)
		check(t, out, errs)
		assert.Contains(t, out, "doublets")
	})
	t.Run("a game of another name resumed", func(t *testing.T) {
		code, out, errs := run(t, "", env, "play", "--resume", fmt.Sprint(odd), "--db", db)
		check(t, out, errs)
		assert.NotEqual(t, 0, code)
	})
	t.Run("hot seat", func(t *testing.T) {
		code, out, errs := run(t, "\nmoves\n\nquit\n", env, "play", "--resume", fmt.Sprint(hot.Row.ID), "--db", db)
		require.Equal(t, 0, code, errs)
		check(t, out, errs)
		assert.Contains(t, out, "Ann")
		assert.Contains(t, out, "Bob")
	})
}
