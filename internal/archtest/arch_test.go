// Package archtest_test holds the house rules of the code's shape, checked
// on every test run: a game lives in one place, so the bot and the terminal
// name no game; the bot registers nothing in init; no function of bot,
// render or the fake Discord is over 80 lines; Discord's wire (bot/discord)
// knows no table; the fake Discord is never linked into the binary.
package archtest_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
	if err != nil {
		gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(gobin, append([]string{"list"}, args...)...)
	cmd.Dir = root(t)
	out, err := cmd.Output()
	require.NoError(t, err, "go list %v", args)
	return strings.Fields(string(out))
}

// oneGame reports whether a package is one game's (its engine or its
// presentation) rather than the contract, the kit or the registry.
func oneGame(pkg string) bool {
	for _, prefix := range []string{module + "games/", module + "render/"} {
		rest, ok := strings.CutPrefix(pkg, prefix)
		if ok && rest != "cards" && rest != "catalog" && rest != "rendertest" && rest != "lang" {
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

func TestFakeDiscordIsNotInTheBinary(t *testing.T) {
	for _, dep := range goList(t, "-deps", "./cmd/dealer") {
		assert.NotContains(t, []string{module + "store/pgtest", module + "web/webtest", module + "render/lang/langtest"}, dep, "a test helper is linked into the program")
		assert.NotEqual(t, module+"internal/discordtest", dep)
	}
}

// funcs calls fn for every function declared in the non-test Go files
// under dir.
func funcs(t *testing.T, dir string, fn func(fset *token.FileSet, file string, d *ast.FuncDecl)) {
	t.Helper()
	walkFuncs(t, dir, false, fn)
}

// walkFuncs calls fn for every function declared in the Go files under
// dir, test files too when tests is set.
func walkFuncs(t *testing.T, dir string, tests bool, fn func(fset *token.FileSet, file string, d *ast.FuncDecl)) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(root(t), dir), func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || (!tests && strings.HasSuffix(path, "_test.go")) {
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

// No function is over 80 lines: in bot (its tests too, and the wire),
// render, and the fake Discord with its tests.
func TestNoLongFunctions(t *testing.T) {
	for _, c := range []struct {
		dir   string
		tests bool
	}{{"bot", true}, {"render", false}, {"internal/discordtest", true}} {
		walkFuncs(t, c.dir, c.tests, func(fset *token.FileSet, file string, d *ast.FuncDecl) {
			lines := fset.Position(d.End()).Line - fset.Position(d.Pos()).Line + 1
			assert.LessOrEqual(t, lines, 80, "%s: %s is %d lines", file, d.Name.Name, lines)
		})
	}
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
