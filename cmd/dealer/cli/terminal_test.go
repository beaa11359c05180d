package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/docs/rules"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// solution is the solver's moves for a solitaire's deal.
func solution(t *testing.T, game string, deal uint64) []string {
	t.Helper()
	code, out, errs := run(t, "", nil, "solve", game, "--deal", strconv.FormatUint(deal, 10), "--budget", "60s")
	require.Equal(t, 0, code, errs)
	require.Contains(t, strings.SplitN(out, "\n", 2)[0], ": won in ")
	return strings.Split(strings.TrimSpace(out), "\n")[1:]
}

// A game's end is said in words: a solitaire's result and score, a
// multiplayer game's winner and ranking.
func TestTheEndInWords(t *testing.T) {
	env := map[string]string{"USER": "tester"}
	won := solution(t, "doublets", 2)
	code, out, errs := run(t, strings.Join(won, "\n")+"\n", env, "play", "doublets", "--deal", "2", "--db", dbPath(t))
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `Game over: won in \d+ moves, score 48\.\n$`, out)

	code, out, _ = run(t, "flip\nresign\n", env, "play", "doublets", "--deal", "2", "--db", dbPath(t))
	require.Equal(t, 0, code)
	assert.Regexp(t, `Game over: lost, score \d+\.\n$`, out)
	assert.NotContains(t, out, "[")

	input, _ := hotSeatInput(t, "secretagent", 5, []bool{false, true, true, true})
	code, out, errs = run(t, input, env, "play", "secretagent", "--deal", "5", "--db", dbPath(t))
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `Game over: (you win|(Bond|Cipher|Dagger) wins)\.\nRanking: 1\. \S+ \d+ · 2\. \S+ \d+ · 3\. \S+ \d+ · 4\. \S+ \d+\n$`, out)
	assert.NotContains(t, out, "score [")
}

func TestOutcomeText(t *testing.T) {
	solitaire := games.Info{Name: "s", Title: "S", MinSeats: 1, MaxSeats: 1}
	multi := games.Info{Name: "m", Title: "M", MinSeats: 2, MaxSeats: 4}
	tests := []struct {
		name  string
		info  games.Info
		g     ended
		names []string
		want  string
	}{
		{"won in one move", solitaire, ended{status: games.Won, moves: 1, scores: []int{1}}, nil, "Game over: won in 1 move, score 1."},
		{"lost", solitaire, ended{status: games.Lost, moves: 9, scores: []int{48}}, nil, "Game over: lost, score 48."},
		{"you win", multi, ended{status: games.Over, scores: []int{53, 12}, winners: []games.Seat{0}}, []string{"you", "Bond"},
			"Game over: you win.\nRanking: 1. you 53 · 2. Bond 12"},
		{"a computer wins", multi, ended{status: games.Over, scores: []int{53, 199, 69, 125}, winners: []games.Seat{1}},
			[]string{"you", "Bond", "Cipher", "Dagger"}, "Game over: Bond wins.\nRanking: 1. Bond 199 · 2. Dagger 125 · 3. Cipher 69 · 4. you 53"},
		{"a shared win", multi, ended{status: games.Over, scores: []int{40, 40, 9}, winners: []games.Seat{0, 1}},
			[]string{"ann", "bob", "Cipher"}, "Game over: ann and bob share the win.\nRanking: 1. ann 40 · 1. bob 40 · 3. Cipher 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, outcomeText(tt.info, tt.g, tt.names))
		})
	}
}

// ended is a finished game as outcomeText reads it.
type ended struct {
	games.Game
	status  games.Status
	moves   int
	scores  []int
	winners []games.Seat
}

// Status is the status given.
func (g ended) Status() games.Status { return g.status }

// Moves is the move count given.
func (g ended) Moves() int { return g.moves }

// Scores are the scores given.
func (g ended) Scores() []int { return g.scores }

// Winners are the winners given.
func (g ended) Winners() []games.Seat { return g.winners }

// help teaches each game's notation from its rules, and offers the
// commands the game has, and no other.
func TestHelpTeachesTheNotation(t *testing.T) {
	tests := []struct {
		game     string
		examples []string
		has, not []string
	}{
		{"doublefreecell", []string{"2 7 3", "10 a"}, []string{"undo", "auto", "hint", "resign"}, []string{"abandon"}},
		{"doublets", []string{"flip", "r1"}, []string{"undo", "hint", "resign"}, []string{"auto", "abandon"}},
		{"doubleagent", []string{"up t3", "t2 t4 3"}, []string{"undo", "hint", "resign"}, []string{"auto", "abandon"}},
		{"secretagent", []string{"forbid h", "play QH", "notrump"}, []string{"abandon"}, []string{"undo", "auto", "hint", "resign"}},
		{"theagents", []string{"play sniper A0 cmd 1", "play hitman cmd 2 ip 0", "use B2"}, []string{"abandon"}, []string{"undo", "auto", "hint", "resign"}},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			code, out, errs := run(t, "help\nquit\n", nil, "play", tt.game, "--deal", "3", "--db", dbPath(t))
			require.Equal(t, 0, code, errs)
			for _, ex := range tt.examples {
				assert.Contains(t, out, "    "+ex+" ", "the example %q", ex)
			}
			short, _ := rules.Section(tt.game, rules.Short)
			shown := regexp.MustCompile(`(?s), in short:\n(.*?)\nMoves:`).FindStringSubmatch(out)
			require.NotNil(t, shown, out)
			assert.Equal(t, strings.Fields(strings.ReplaceAll(short, "`", "")), strings.Fields(shown[1]),
				"help is the rules' short text, wrapped between words")
			commands := regexp.MustCompile(`(?s)Commands: (.*?)\.\n`).FindStringSubmatch(out)
			require.NotNil(t, commands, out)
			words := strings.Join(strings.Fields(commands[1]), " ")
			for _, c := range tt.has {
				assert.Contains(t, words, c+",", "help offers %s", c)
			}
			for _, c := range tt.not {
				assert.NotContains(t, words, c, "help does not offer %s", c)
			}
		})
	}
}

// A command the game lacks is refused with what it has instead.
func TestCommandsTheGameLacks(t *testing.T) {
	tests := []struct {
		game, line, want string
	}{
		{"doublets", "auto", "✗ Doublets has no auto."},
		{"doubleagent", "auto", "✗ Double Agent has no auto."},
		{"doubleagent", "abandon", "✗ Double Agent is played alone: resign ends it"},
		{"secretagent", "undo", "✗ Secret Agent has no undo."},
		{"secretagent", "hint", "✗ Secret Agent has no hints"},
		{"secretagent", "resign", "✗ Secret Agent has no resign: abandon ends the game for everyone"},
		{"theagents", "auto", "✗ The Agents has no auto."},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.line, func(t *testing.T) {
			code, out, errs := run(t, tt.line+"\nquit\n", nil, "play", tt.game, "--deal", "3", "--db", dbPath(t))
			require.Equal(t, 0, code, errs)
			assert.Contains(t, out, tt.want)
		})
	}
}

// A multiplayer game can be abandoned: it ends, counts for no one, and is
// not left to resume.
func TestAbandonAMultiplayerGame(t *testing.T) {
	for _, game := range []string{"secretagent", "theagents"} {
		t.Run(game, func(t *testing.T) {
			db := dbPath(t)
			code, out, errs := run(t, "abandon\n", nil, "play", game, "--deal", "3", "--db", db)
			require.Equal(t, 0, code, errs)
			assert.Contains(t, out, "Abandoned: the game is over for everyone, and counts for no one.")
			_, list, _ := run(t, "", nil, "games", "--unfinished", "--db", db)
			assert.Contains(t, list, "No unfinished games")
			st, err := store.Open(db)
			require.NoError(t, err)
			defer st.Close()
			sess, err := st.TableRow(context.Background(), 1)
			require.NoError(t, err)
			assert.Equal(t, store.StatusAbandoned, sess.Status)
			results, err := st.Results(context.Background(), 1)
			require.NoError(t, err)
			assert.Empty(t, results)
		})
	}
}

// The terminal's one player is "you", spoken to in the second person.
func TestTheAgentsSaysYourTurn(t *testing.T) {
	code, out, _ := run(t, "quit\n", nil, "play", "theagents", "--deal", "4", "--players", "3", "--db", dbPath(t))
	require.Equal(t, 0, code)
	assert.Contains(t, out, "your turn")
	assert.NotContains(t, out, "you's")
	assert.NotContains(t, out, "you chooses")
}

// Unfinished games are listed, resumed by number and discarded; a game
// left before any move is not kept.
func TestUnfinishedGames(t *testing.T) {
	db := dbPath(t)
	code, out, _ := run(t, "quit\n", nil, "play", "doublets", "--deal", "3", "--db", db)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Nothing played yet, so the game is not kept.")
	_, list, _ := run(t, "", nil, "games", "--unfinished", "--db", db)
	assert.Contains(t, list, "No unfinished games")

	_, out, _ = run(t, "flip\nquit\n", nil, "play", "doublets", "--deal", "3", "--db", db)
	assert.Contains(t, out, "Saved. Continue with: dealer play --resume 2")
	_, out, _ = run(t, "flip\nflip\n", nil, "play", "doublets", "--deal", "4", "--db", db)
	assert.Contains(t, out, "dealer play --resume 3", "the end of input saves too")

	code, list, errs := run(t, "", nil, "games", "--unfinished", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `(?m)^\s+3  Doublets\s+4\s+2  \d{4}-\d\d-\d\d \d\d:\d\d\n\s+2  Doublets\s+3\s+1  `, list)
	assertFits(t, list)

	code, out, errs = run(t, "quit\n", nil, "play", "--resume", "2", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Doublets, deal 3 (game 2), resumed after 1 move.")
	code, out, errs = run(t, "quit\n", nil, "play", "--resume=3", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "deal 4 (game 3), resumed after 2 moves.")

	code, out, errs = run(t, "", nil, "games", "--discard", "2", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, "Game 2 discarded.\n", out)
	_, list, _ = run(t, "", nil, "games", "--unfinished", "--db", db)
	assert.NotRegexp(t, `(?m)^\s+2  `, list)

	for _, args := range [][]string{{"play", "--resume", "2"}, {"play", "--resume", "99"}, {"games", "--discard", "2"}} {
		code, _, errs = run(t, "", nil, append(args, "--db", db)...)
		assert.Equal(t, 1, code, "%v", args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	}
	_, _, errs = run(t, "", map[string]string{"USER": "someone"}, "play", "--resume", "3", "--db", db)
	assert.Contains(t, errs, "no game 3 of yours", "another user's game is not yours to resume")
}

// Long lines are answered, never echoed whole, and never end the session.
func TestLongLines(t *testing.T) {
	long := strings.Repeat("x", 6000)
	huge := strings.Repeat("y", 70_000)
	code, out, errs := run(t, long+"\n"+huge+"\nmoves\nquit\n", nil, "play", "doublets", "--deal", "3", "--db", dbPath(t))
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "✗ Line too long (6000 characters)")
	assert.Contains(t, out, "✗ Line too long (70000 characters)")
	assert.NotContains(t, out, strings.Repeat("x", 100), "a long line is not echoed")
	assert.NotContains(t, out, strings.Repeat("y", 100))
	assert.Contains(t, out, "Legal moves", "the session goes on")
	assertFits(t, out)
}

// Double FreeCell's moves are grouped: 66 moves in a few lines.
func TestMovesAreGrouped(t *testing.T) {
	code, out, _ := run(t, "moves\nquit\n", nil, "play", "doublefreecell", "--deal", "3", "--db", dbPath(t))
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Legal moves (x/y: x or y; 1–3, a–c: any in the range):\n  1–10 a–f, 2 7/9, 10 1/3, autoplay off, resign\n")
}

func TestGroupMoves(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
		want  []string
	}{
		{"a grid", []string{"1 a", "1 b", "1 c", "2 a", "2 b", "2 c"}, []string{"1/2 a–c"}},
		{"letters and numbers apart", []string{"2 7", "2 9", "2 a", "2 b"}, []string{"2 7/9", "2 a/b"}},
		{"counts", []string{"2 7", "2 7 2", "2 7 3"}, []string{"2 7", "2 7 2/3"}},
		{"cards", []string{"play QH", "play 7H", "forbid c"}, []string{"play QH/7H", "forbid c"}},
		{"seats and slots", []string{"play sniper A0 cmd 0", "play sniper A0 cmd 1", "play sniper B1 cmd 0", "play sniper B1 cmd 1"},
			[]string{"play sniper A0/B1 cmd 0/1"}},
		{"alone", []string{"flip"}, []string{"flip"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, render.GroupMoves(tt.moves))
		})
	}
}

// Errors name the file or the key, in the player's words.
func TestErrorsSpeakPlainly(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "notes.db")
	require.NoError(t, os.WriteFile(notDB, []byte("my shopping list, not a database at all\n"), 0o600))
	cfg := filepath.Join(dir, "config.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("discord:\n  tokn: x\n"), 0o600))
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"not a database", []string{"play", "--resume", "--db", notDB}, 1, []string{notDB, "is not a database"}},
		{"a folder", []string{"play", "doublets", "--db", dir}, 1, []string{dir, "it is a folder"}},
		{"unknown config key", []string{"play", "doublets", "--config", cfg}, 2,
			[]string{cfg, "line 2", `unknown key "tokn" under discord`, "token, application_id, test_guild_id"}},
		{"nothing to resume", []string{"play", "--resume", "--db", filepath.Join(dir, "empty.db")}, 1,
			[]string{"no unfinished game to resume in " + filepath.Join(dir, "empty.db")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := run(t, "", nil, tt.args...)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
			for _, w := range tt.want {
				assert.Contains(t, errs, w)
			}
			for _, leak := range []string{"struct", "cli.Config", "main.Config", "store: ", "sqlite", "no such file or directory"} {
				assert.NotContains(t, errs, leak)
			}
		})
	}
}

// A database in a folder that cannot be written says so, not "no such
// file or directory".
func TestReadOnlyFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ro")
	require.NoError(t, os.Mkdir(dir, 0o555))
	if _, err := writable(dir); err == nil {
		dir = "/sys" // root writes anywhere chmod allows; sysfs refuses even root
		if _, err := writable(dir); err == nil {
			t.Skip("no folder here refuses to be written")
		}
	}
	for _, db := range []string{filepath.Join(dir, "dealer.db"), filepath.Join(dir, "sub", "dealer.db")} {
		code, _, errs := run(t, "", nil, "play", "doublets", "--db", db)
		assert.Equal(t, 1, code)
		assert.Contains(t, errs, "cannot create the database "+db+": the folder "+dir+" is not writable (")
		assert.NotContains(t, errs, "no such file or directory")
	}
}

// Two windows on one game: the second to move finds the game moved on,
// and is shown it as saved, instead of "store: conflict".
func TestTwoWindowsOnOneGame(t *testing.T) {
	db := dbPath(t)
	moves, _ := someMoves(t, "doublefreecell", 9, 3)
	first := startTerm(t, nil, "play", "doublefreecell", "--deal", "9", "--db", db)
	first.waitFor("> ")
	first.send(moves[0])
	first.waitFor("move 1 ")
	first.waitFor("> ")

	second := startTerm(t, nil, "play", "--resume", "1", "--db", db)
	second.waitFor("resumed after 1 move")
	second.waitFor("> ")
	second.send(moves[1])
	second.waitFor("> ")
	second.send("quit")
	require.Equal(t, 0, second.exited())

	first.send(moves[1])
	out := first.waitFor("> ")
	assert.Contains(t, out, "This game was played on in another window meanwhile: here it is as saved there.")
	assert.Contains(t, out, "move 2 ", "the game as saved")
	assert.NotContains(t, out, "conflict")
	first.send(moves[2])
	first.waitFor("move 3 ")
	first.send("quit")
	assert.Equal(t, 0, first.exited())
	assert.Empty(t, first.errb.String())
}

// hotSeatInput is what people at one terminal type to play a whole game
// of name, deal deal, with the seats comp marks as computer players: at
// each change of player, Enter at the hand-over, then the moves, which a
// computer player picks for them. It returns the input and the number of
// hand-overs.
func hotSeatInput(t *testing.T, name string, deal uint64, comp []bool) (string, int) {
	t.Helper()
	info, ok := catalog.Registry().Engines().Lookup(name)
	require.True(t, ok)
	g, err := info.New(deal, len(comp))
	require.NoError(t, err)
	var lines []string
	viewer, handovers := games.Spectator, 0
	for steps := 0; !g.Status().Finished(); steps++ {
		require.Less(t, steps, 100000)
		seat := g.ToAct()[0]
		m := info.Computer(g, seat)
		if !comp[seat] {
			if seat != viewer {
				lines, viewer = append(lines, ""), seat
				handovers++
			}
			lines = append(lines, m.String())
		}
		require.NoError(t, g.Apply(seat, m))
	}
	return strings.Join(lines, "\n") + "\n", handovers
}

// Two people play a whole game of Secret Agent at one terminal against
// two computer players: each is named before each prompt, sees only his
// own hand, and the game ends with the winner and the ranking.
func TestHotSeatSecretAgentWholeGame(t *testing.T) {
	db := dbPath(t)
	input, handovers := hotSeatInput(t, "secretagent", 5, []bool{false, false, true, true})
	code, out, errs := run(t, input, map[string]string{"USER": "tester"},
		"play", "secretagent", "--deal", "5", "--seats", "ann,bob,ai,ai", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, out, "not your turn")
	assert.NotContains(t, out, "✗", "every move was taken")
	assert.Contains(t, out, "ann> ")
	assert.Contains(t, out, "bob> ")
	assert.Regexp(t, `Game over: (ann|bob|Cipher|Dagger) wins\.\nRanking: 1\. `, out)

	screens := strings.Split(out, strings.Repeat("─", width))
	shown := 0
	for i, s := range screens[1:] {
		if strings.Contains(s, "press Enter when ready") {
			assert.NotContains(t, s, "your hand:", "hand-over %d shows no hand", i)
			continue
		}
		shown++
		assert.True(t, strings.Contains(s, "your hand:") || strings.Contains(s, "Game over"), "a player's screen shows his hand")
		who := "ann> "
		if !strings.Contains(s, who) {
			who = "bob> "
		}
		assert.NotContains(t, s, map[string]string{"ann> ": "bob> ", "bob> ": "ann> "}[who], "one player a screen")
	}
	assert.Equal(t, handovers, shown, "a screen for each player's turn")

	st, err := store.Open(db)
	require.NoError(t, err)
	defer st.Close()
	for _, who := range []string{"ann", "bob"} {
		rows, err := st.Stats(context.Background(), "", "terminal:"+who)
		require.NoError(t, err)
		require.Len(t, rows, 1, who)
		assert.Equal(t, 1, rows[0].Games, "%s's game counts for %s", who, who)
	}
}

// At a hot seat the seat to act is the one that moves: after the first
// player forbids a suit, the next one may move, and moves offers him his
// moves alone.
func TestHotSeatTheNextSeatMoves(t *testing.T) {
	s := startTerm(t, nil, "play", "secretagent", "--deal", "5", "--seats", "you,you,ai,ai", "--db", dbPath(t))
	first := s.waitFor("press Enter when ready")
	name := "tester"
	if !strings.Contains(first, "tester to play") {
		name = "Player 2"
	}
	s.send("")
	s.waitFor(name + "> ")
	s.send("moves")
	legal := s.waitFor(name + "> ")
	require.Contains(t, legal, "forbid ")
	s.send("forbid " + strings.Fields(legal[strings.Index(legal, "forbid ")+7:])[0][:1])
	next := s.waitFor("press Enter when ready")
	other := map[string]string{"tester": "Player 2", "Player 2": "tester"}[name]
	if strings.Contains(next, other+" to play") {
		s.send("")
		s.waitFor(other + "> ")
		s.send("moves")
		out := s.waitFor(other + "> ")
		assert.NotContains(t, out, "not your turn")
		assert.Contains(t, out, "Legal moves")
	}
	s.send("quit")
	assert.Equal(t, 0, s.exited())
	assert.NotContains(t, s.out.String(), "you's")
}

// Hot-seat names must differ, and not take a computer player's.
func TestHotSeatNames(t *testing.T) {
	tests := []struct {
		seats, want string
	}{
		{"ann,ann,ai,ai", "ann sits twice"},
		{"tester,you,ai,ai", "tester sits twice"},
		{"ann,ai,Bond,ai", "Bond is the computer player's name"},
		{"ann,b@d,ai,ai", `"b@d" is not you, ai or a name`},
		{"averyveryverylongname,you,ai,ai", "not you, ai or a name"},
	}
	for _, tt := range tests {
		t.Run(tt.seats, func(t *testing.T) {
			code, _, errs := run(t, "", map[string]string{"USER": "tester"}, "play", "secretagent", "--seats", tt.seats, "--db", dbPath(t))
			assert.Equal(t, 2, code)
			assert.Contains(t, errs, tt.want)
			assert.Equal(t, 1, strings.Count(errs, "\n"), "one line")
		})
	}
}
