package lang_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/lang/langtest"
)

func TestCatalog(t *testing.T) {
	c, err := lang.Load("good", os.DirFS("testdata"), "good")
	require.NoError(t, err)
	langtest.Complete(t, c)
	for _, tc := range []struct {
		l    lang.Lang
		n    int
		want string
	}{
		{lang.English, 1, "1 move"},
		{lang.English, 0, "0 moves"},
		{lang.Spanish, 2, "2 movimientos"},
		{lang.German, 1, "1 Zug"},
		{lang.German, 5, "5 Züge"},
		{lang.Portuguese, 1, "1 jogada"},
		{"", 3, "3 moves"},
	} {
		assert.Equal(t, tc.want, c.N(tc.l, tc.n, "%d move", "%d moves"), "%s %d", tc.l, tc.n)
	}
	assert.Equal(t, "Du bist dran.", c.T(lang.German, "Your turn."))
	assert.Equal(t, "Bond spielt A♠", c.T(lang.German, "%s plays %s", "A♠", "Bond"), "explicit indexes reorder")
	assert.Equal(t, "Nobody knows 5%", c.T(lang.Spanish, "Nobody knows 5%"), "a missing key is itself, unformatted")
	assert.Equal(t, "7 left", c.T(lang.Spanish, "%d left", 7), "a missing key is formatted in English")
}

// TestCompleteCatches runs Complete on a broken catalog and sees each
// fault reported.
func TestCompleteCatches(t *testing.T) {
	c, err := lang.Load("bad", os.DirFS("testdata"), "bad")
	require.NoError(t, err)
	rec := &recorder{TB: t}
	langtest.Complete(rec, c)
	assert.GreaterOrEqual(t, rec.errors, 3, "missing key, extra key and wrong arguments")
}

func TestLoadFails(t *testing.T) {
	_, err := lang.Load("none", os.DirFS("testdata"), "nowhere")
	require.Error(t, err)
	assert.Panics(t, func() { lang.MustLoad("none", os.DirFS("testdata"), "nowhere") })
}

func TestVerbs(t *testing.T) {
	assert.Equal(t, []string{"d", "s"}, langtest.Verbs("%d of %s"))
	assert.Equal(t, []string{"d", "s"}, langtest.Verbs("%[2]s de %[1]d"))
	assert.Empty(t, langtest.Verbs("100%% sure"))
	assert.Equal(t, []string{"q"}, langtest.Verbs("%q: no"))
}

func TestUsedKeys(t *testing.T) {
	keys := langtest.UsedKeys(t, "testdata/src")
	assert.Equal(t, []string{"%d move", "%d moves", "Your " + "turn."}, keys)
}

// recorder counts the errors a check reports without failing the test.
type recorder struct {
	testing.TB
	errors int
}

func (r *recorder) Errorf(string, ...any) { r.errors++ }
func (r *recorder) Helper()               {}
