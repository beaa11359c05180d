package rendertest

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render"
)

// Labels are a board's place labels by the places' names.
func Labels(b *render.Board) map[string]string {
	out := map[string]string{}
	for _, row := range b.Places {
		for _, p := range row {
			out[p.Name] = p.Label
		}
	}
	return out
}

// Place finds a place of a board by name; t fails when there is none.
func Place(t testing.TB, b *render.Board, name string) render.Place {
	t.Helper()
	for _, row := range b.Places {
		for _, p := range row {
			if p.Name == name {
				return p
			}
		}
	}
	t.Fatalf("no place %q", name)
	return render.Place{}
}

// PlaceNames are the names of a board's places, row by row.
func PlaceNames(b *render.Board) [][]string {
	var out [][]string
	for _, row := range b.Places {
		var ns []string
		for _, p := range row {
			ns = append(ns, p.Name)
		}
		out = append(out, ns)
	}
	return out
}

// AssertLabelsFit checks that every label of a board, its places' and its
// commands', is at most n characters long (Discord's buttons take 80).
func AssertLabelsFit(t testing.TB, b *render.Board, n int) {
	t.Helper()
	for _, row := range b.Places {
		for _, p := range row {
			assert.LessOrEqual(t, utf8.RuneCountInString(p.Label), n, p.Label)
		}
	}
	for _, c := range b.Commands {
		for _, label := range c.Labels {
			assert.LessOrEqual(t, utf8.RuneCountInString(label), n, label)
		}
	}
}
