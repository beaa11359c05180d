package web

import (
	"html/template"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// TestRecipeWebPage: the README's recipe for a web page, proved small. A
// test-only page, /games (the games on offer), is added here alone: its
// template, drawn inside base.html as every page is, and its route with
// its handler, registered as routes() registers the site's. In the
// program the template is a file in templates/ named in pageNames, and
// the route a line in routes().
func TestRecipeWebPage(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "dealer.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	s, err := New(Config{Store: st, Games: catalog.Registry(), Watch: -1})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })

	s.tmpl["games"] = template.Must(template.Must(template.New("games").ParseFS(templateFiles, "templates/base.html")).
		Parse(`{{define "content"}}<h1>Games</h1><ul>{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}`))
	s.handle("GET /games", "games", func(w http.ResponseWriter, r *http.Request) error {
		var titles []string
		for _, g := range s.games.All() {
			titles = append(titles, g.Title)
		}
		return s.render(w, http.StatusOK, "games", page{Title: "Games", Body: titles})
	})

	get := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		return w
	}
	tests := []struct {
		path string
		code int
		want []string
	}{
		{"/games", http.StatusOK, []string{"<title>Games · The dealer</title>", "<li>Double FreeCell</li>", "<li>The Agents</li>"}},
		{"/", http.StatusOK, []string{"<title>The dealer · The dealer</title>"}},
		{"/games/more", http.StatusNotFound, []string{"There is no such page."}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := get(tt.path)
			assert.Equal(t, tt.code, w.Code)
			for _, want := range tt.want {
				assert.Contains(t, w.Body.String(), want)
			}
		})
	}
}
