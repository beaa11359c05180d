// Package archtest_test holds the house rules of the code's shape, checked
// on every test run: a game lives in one place, so the bot and the terminal
// name no game; a game changes only through store/play; the bot
// registers nothing in init; no function anywhere (tests too) is over 80
// lines; Discord's wire (bot/discord) knows no table; no test kit (the
// fake Discord among them) is linked into the binary; the PNG encoder
// imports nothing of the dealer's.
package archtest_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/dealer/dealer/"

// root is the module's directory.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	return dir
}

// goList runs `go list` in the module with args and returns its lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	require.NoError(t, err, "the go command is on PATH")
	cmd := exec.Command(gobin, append([]string{"list"}, args...)...)
	cmd.Dir = root(t)
	out, err := cmd.Output()
	require.NoError(t, err, "go list %v", args)
	return strings.Fields(string(out))
}

// shared are the packages under games/ and render/ that are no one
// game's: cards, the catalog, test helpers, the languages, the PNG
// encoder.
var shared = map[string]bool{"cards": true, "catalog": true, "rendertest": true, "lang": true, "pngenc": true}

// oneGame reports whether a package is one game's (its engine or its
// presentation) rather than the contract, the kit or the registry.
func oneGame(pkg string) bool {
	for _, prefix := range []string{module + "games/", module + "render/"} {
		rest, ok := strings.CutPrefix(pkg, prefix)
		if ok && !shared[rest] {
			return true
		}
	}
	return false
}

// The bot, the web pages and the command line depend on no game at all:
// they are handed a registry.
func TestBotAndCommandLineNameNoGame(t *testing.T) {
	for _, pkg := range []string{"./bot", "./web", "./cmd/dealer/cli"} {
		for _, dep := range goList(t, "-deps", pkg) {
			assert.False(t, oneGame(dep), "%s depends on %s: it must read games through the registry", pkg, dep)
		}
	}
}

// The binary must link every game, so cmd/dealer reaches them through one
// package, the catalog, and imports none itself.
func TestCommandImportsOnlyTheCatalog(t *testing.T) {
	imports := goList(t, "-f", `{{join .Imports " "}}`, "./cmd/dealer")
	require.NotEmpty(t, imports)
	for _, imp := range imports {
		assert.False(t, oneGame(imp), "cmd/dealer imports %s: go through render/catalog", imp)
	}
	assert.Contains(t, imports, module+"render/catalog")
}

// The PNG encoder (render/pngenc) stands alone: it and its tests import
// no package of the dealer's, so the kit draws and the encoder only
// encodes, and each can be read, tested and changed without the other.
func TestEncoderStandsAlone(t *testing.T) {
	deps := goList(t, "-deps", "-test", "./render/pngenc")
	require.Contains(t, deps, module+"render/pngenc")
	for _, dep := range deps {
		if strings.HasPrefix(dep, module) {
			assert.Contains(t, []string{module + "render/pngenc", module + "render/pngenc.test"}, dep,
				"render/pngenc depends on %s", dep)
		}
	}
}

// The test helpers (the fake Discord, the PostgreSQL starter, the games'
// and pictures' test kits) are never linked into the program.
func TestTestHelpersAreNotInTheBinary(t *testing.T) {
	helpers := []string{"internal/discordtest", "store/pgtest", "web/webtest", "render/lang/langtest", "render/rendertest", "games/gamestest", "internal/testkit"}
	deps := goList(t, "-deps", "./cmd/dealer")
	require.Contains(t, deps, module+"bot", "go list sees the program's packages")
	for _, dep := range deps {
		for _, h := range helpers {
			assert.NotEqual(t, module+h, dep, "a test helper is linked into the program")
		}
	}
}

// funcs calls fn for every function declared in the non-test Go files
// under dir.
func funcs(t *testing.T, dir string, fn func(fset *token.FileSet, file string, d *ast.FuncDecl)) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(root(t), dir), func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				fn(fset, path, fd)
			}
		}
		return nil
	})
	require.NoError(t, err)
}

// No function is over 80 lines, anywhere, tests too (a long test is
// split by what it checks, never by hiding it); testdata is not the
// module's code (goFiles leaves it out).
func TestNoLongFunctions(t *testing.T) {
	funcs := 0
	goFiles(t, func(fset *token.FileSet, rel string, f *ast.File) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				funcs++
				lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				assert.LessOrEqual(t, lines, 80, "%s: %s is %d lines", rel, fd.Name.Name, lines)
			}
		}
	})
	assert.Greater(t, funcs, 1000, "the module's functions were read")
}

// Discord's wire (bot/discord) knows no table: it imports nothing of the
// bot, the games, their presentation or the store; the bot hands it small
// interfaces (a Handler, Replays) instead.
func TestWireKnowsNoTable(t *testing.T) {
	deps := goList(t, "-deps", "./bot/discord")
	require.Contains(t, deps, module+"bot/discord")
	for _, dep := range deps {
		rest, ours := strings.CutPrefix(dep, module)
		if !ours || rest == "bot/discord" {
			continue
		}
		assert.Fail(t, "the wire imports "+dep, "bot/discord may import none of the dealer's packages (bot, render, games, store…): give it an interface")
	}
}

func TestBotHasNoInit(t *testing.T) {
	funcs(t, "bot", func(_ *token.FileSet, file string, d *ast.FuncDecl) {
		assert.NotEqual(t, "init", d.Name.Name, "%s registers something in init: games are registered in render/catalog", file)
	})
}

func TestOnClickIsShort(t *testing.T) {
	funcs(t, "bot", func(fset *token.FileSet, file string, d *ast.FuncDecl) {
		if d.Name.Name == "onClick" {
			lines := fset.Position(d.End()).Line - fset.Position(d.Pos()).Line + 1
			assert.Less(t, lines, 50, "onClick is %d lines", lines)
		}
	})
}

// gameWrites are the store's writes that change a game — its creation,
// its players and start, its moves and rounds, its hints, its end, its
// being kept unreplayable — each with the number of arguments it takes,
// which tells store.Store's Finish(ctx, id, seen, status, results) from
// play.Table's Finish(ctx).
var gameWrites = map[string]int{
	"CreateTable": 2, "CreateDaily": 3, "SetPlayers": 4, "StartTable": 5,
	"AppendMove": 5, "AppendMoveAndRounds": 6, "AppendMoves": 5, "RecordRound": 4, "AddHint": 2,
	"Finish": 5, "MarkBroken": 4, "SetSeat": 4,
}

// armingWrites are the game writes that may arm timers with them (a
// variadic last argument): they take at least their gameWrites count.
var armingWrites = map[string]bool{"AppendMoves": true, "StartTable": true}

// isGameWrite reports whether a call of name with n arguments is one of
// the store's game writes.
func isGameWrite(name string, n int) bool {
	args, write := gameWrites[name]
	return write && (n == args || armingWrites[name] && n > args)
}

// forgers are the test files outside the store that call its game writes
// themselves, and why: each forges what no table writes, to see how the
// rest meets it. A test that only plays goes through store/play.
var forgers = map[string]string{
	"bot/faults_test.go":              "a move no engine takes, in a log that no longer replays",
	"bot/memory_test.go":              "thousands of tables in play, written faster than play would",
	"cmd/dealer/cli/db_test.go":       "a forged log, forged results and a broken table for db check",
	"cmd/dealer/cli/termsafe_test.go": "records under hostile names, for the terminal to print safely",
	"cmd/dealer/cli/records_test.go":  "a record as the bot leaves one, for dealer stats",
	"web/broken_test.go":              "a table kept as unreplayable, and a log that stops replaying",
	"web/pagesoff_test.go":            "daily-deal attempts and results of other servers",
}

// A game changes one way: through store/play, which keeps the table in
// memory and the store in step (a move and the round it ends saved
// together, a stale copy refused). No other package's code calls the
// store's game writes; of the tests, the store's own, and those that forge
// what no table writes (forgers).
func TestOnlyPlayChangesGames(t *testing.T) {
	outside, inPlay := map[string][]string{}, map[string]bool{}
	testers := map[string]bool{}
	goFiles(t, func(_ *token.FileSet, rel string, f *ast.File) {
		dir := path.Dir(rel)
		if dir == "store" {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if !isGameWrite(sel.Sel.Name, len(call.Args)) {
				return true
			}
			switch {
			case dir == "store/play" && !strings.HasSuffix(rel, "_test.go"):
				inPlay[sel.Sel.Name] = true
			case strings.HasSuffix(rel, "_test.go"):
				testers[rel] = dir != "store/play"
			default:
				outside[rel] = append(outside[rel], sel.Sel.Name)
			}
			return true
		})
	})
	assert.Empty(t, outside, "these files call the store's game writes: change games through store/play's Table")
	for file, forging := range testers {
		if forging {
			assert.Contains(t, forgers, file, "%s calls the store's game writes: play through store/play, or say in forgers what it forges", file)
		}
	}
	for file := range forgers {
		assert.True(t, testers[file], "%s no longer writes past store/play: take it off forgers", file)
	}
	for _, write := range []string{"AppendMoves", "AddHint", "Finish", "SetPlayers", "StartTable"} {
		assert.True(t, inPlay[write], "store/play calls %s (or the test no longer sees the writes it guards)", write)
	}
}

// goFiles calls fn for every Go file of the module (tests too; testdata
// and hidden folders left out, as the go command leaves them), by its
// path from the module's root, with slashes, parsed in fset.
func goFiles(t *testing.T, fn func(fset *token.FileSet, rel string, f *ast.File)) {
	t.Helper()
	base := root(t)
	err := filepath.WalkDir(base, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if p != base && (e.Name() == "testdata" || strings.HasPrefix(e.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(base, p)
		fn(fset, filepath.ToSlash(rel), f)
		return err
	})
	require.NoError(t, err)
}
