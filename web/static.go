package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
)

//go:embed static
var staticFiles embed.FS

// staticSet is the style sheet and scripts, served from memory. Pages name
// them with a hash of their content (?v=…), so that browsers may keep them
// a long time and still get a new one when it changes.
type staticSet map[string]staticFile

type staticFile struct {
	body    []byte
	hash    string
	kind    string
	version string
}

func loadStatic() (staticSet, error) {
	set := staticSet{}
	err := fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := staticFiles.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		kind := mime.TypeByExtension(path.Ext(p))
		if kind == "" {
			kind = "application/octet-stream"
		}
		set[path.Base(p)] = staticFile{body: b, hash: `"` + hex.EncodeToString(sum[:16]) + `"`, kind: kind, version: hex.EncodeToString(sum[:4])}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: static files: %w", err)
	}
	return set, nil
}

// version is a file's content hash, short, for its URL.
func (s staticSet) version(name string) string { return s[name].version }

// serve answers /static/{file}.
func (s staticSet) serve(w http.ResponseWriter, r *http.Request) error {
	f, ok := s[r.PathValue("file")]
	if !ok {
		return notFound("There is no such file.")
	}
	h := w.Header()
	h.Set("Content-Type", f.kind)
	h.Set("ETag", f.hash)
	h.Set("Cache-Control", "public, max-age=86400")
	if r.Header.Get("If-None-Match") == f.hash {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	_, _ = w.Write(f.body)
	return nil
}
