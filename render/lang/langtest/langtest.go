// Package langtest checks catalogs in tests, the way httptest serves
// them: every language has every key and nothing else, no text is empty,
// each translation takes the same arguments as its key, and every key
// the code asks for is in the catalog.
package langtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/lang"
)

// Complete checks that every language of c has exactly English's keys,
// none empty, each with the same fmt verbs as its key.
func Complete(t testing.TB, c *lang.Catalog) {
	t.Helper()
	keys := c.Keys(lang.English)
	require.NotEmpty(t, keys, "%s: en.json has no keys", c.Name())
	for _, l := range lang.All {
		got := c.Keys(l)
		assert.Empty(t, missing(keys, got), "%s: keys missing in %s.json", c.Name(), l)
		assert.Empty(t, missing(got, keys), "%s: keys in %s.json that en.json lacks", c.Name(), l)
		for _, k := range keys {
			text, ok := c.Text(l, k)
			if !ok {
				continue // reported above, or empty
			}
			assert.Equal(t, Verbs(k), Verbs(text), "%s: %s.json: %q takes other arguments than its key %q", c.Name(), l, text, k)
		}
	}
}

// missing lists what of want got lacks.
func missing(want, got []string) []string {
	var out []string
	for _, k := range want {
		if _, ok := slices.BinarySearch(got, k); !ok {
			out = append(out, k)
		}
	}
	return out
}

var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)

// Verbs lists the arguments a format takes, by position: "%[2]s %[1]d"
// and "%d %s" both give [d s]. %% takes none.
func Verbs(format string) []string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[4] == "%" {
			continue
		}
		at := next
		if m[2] != "" {
			at, _ = strconv.Atoi(m[2])
		}
		for len(out) < at {
			out = append(out, "")
		}
		out[at-1] = m[4]
		next = at + 1
	}
	return out
}

// Used checks that every key the Go files in dir (tests aside) ask c for
// is in c: the string literals given to functions or methods named T,
// as T(l, key, …), and N, as N(l, n, one, other, …).
func Used(t testing.TB, c *lang.Catalog, dir string) {
	t.Helper()
	keys := UsedKeys(t, dir)
	require.NotEmpty(t, keys, "no keys used in %s", dir)
	have := c.Keys(lang.English)
	for _, k := range keys {
		_, ok := slices.BinarySearch(have, k)
		assert.True(t, ok, "%s: %q is used in %s but not in en.json", c.Name(), k, dir)
	}
}

// Refusals checks that every refusal the Go files in dir make (the
// literal formats given to games.Refuse, or any function named Refuse) is
// a key of c, so that it can be said in every language.
func Refusals(t testing.TB, c *lang.Catalog, dir string) {
	t.Helper()
	have := c.Keys(lang.English)
	for _, k := range Calls(t, dir, map[string][]int{"Refuse": {0}}) {
		_, ok := slices.BinarySearch(have, k)
		assert.True(t, ok, "%s: the refusal %q in %s is not in en.json", c.Name(), k, dir)
	}
}

// UsedKeys lists the literal keys the Go files in dir ask for (see Used).
func UsedKeys(t testing.TB, dir string) []string {
	t.Helper()
	return Calls(t, dir, map[string][]int{"T": {1}, "N": {2, 3}})
}

// Calls lists the string literals the Go files in dir (tests aside) give
// to functions or methods of the names in at, at the argument positions
// given for each name.
func Calls(t testing.TB, dir string, at map[string][]int) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	fset := token.NewFileSet()
	var keys []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for _, i := range at[name(call.Fun)] {
				if i < len(call.Args) {
					if s, ok := literal(call.Args[i]); ok {
						keys = append(keys, s)
					}
				}
			}
			return true
		})
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// name is the name of a called function or method.
func name(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// literal is the value of a string literal, or of literals joined by +.
func literal(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		a, ok1 := literal(x.X)
		b, ok2 := literal(x.Y)
		return a + b, ok1 && ok2 && x.Op == token.ADD
	case *ast.ParenExpr:
		return literal(x.X)
	}
	return "", false
}
