package render

import (
	"strconv"
	"strings"
)

// pattern is a group of moves: the words each place may hold.
type pattern [][]string

// GroupMoves writes moves that differ in one word as one ("1 a", "1 b" →
// "1 a/b"), and then alike groups again, word by word from the last, so a
// full grid of moves becomes one line. Only words of one kind (numbers,
// single letters, other words) share a place. The groups keep the order
// of their first moves.
func GroupMoves(moves []string) []string {
	var ps []pattern
	for _, m := range moves {
		var p pattern
		for _, w := range strings.Fields(m) {
			p = append(p, []string{w})
		}
		ps = append(ps, p)
	}
	longest := 0
	for _, p := range ps {
		longest = max(longest, len(p))
	}
	for at := longest - 1; at >= 0; at-- {
		ps = mergeAt(ps, at)
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		words := make([]string, len(p))
		for j, set := range p {
			words[j] = setText(set)
		}
		out[i] = strings.Join(words, " ")
	}
	return out
}

// mergeAt merges the patterns that differ only at word at, in words of one
// kind.
func mergeAt(ps []pattern, at int) []pattern {
	var out []pattern
	index := map[string]int{}
	for _, p := range ps {
		if at >= len(p) {
			out = append(out, p)
			continue
		}
		key := patternKey(p, at)
		if i, ok := index[key]; ok {
			out[i][at] = append(out[i][at], p[at]...)
			continue
		}
		index[key] = len(out)
		q := make(pattern, len(p))
		copy(q, p)
		q[at] = append([]string(nil), p[at]...)
		out = append(out, q)
	}
	return out
}

// patternKey is what patterns must share to merge at word at: every other
// word, and the kind of word at at.
func patternKey(p pattern, at int) string {
	parts := make([]string, len(p))
	for i, set := range p {
		if i == at {
			parts[i] = "\x00" + kind(set[0])
			continue
		}
		parts[i] = strings.Join(set, "/")
	}
	return strings.Join(parts, " ")
}

// kind tells numbers, single letters and other words apart.
func kind(w string) string {
	if _, err := strconv.Atoi(w); err == nil {
		return "n"
	}
	if len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' {
		return "l"
	}
	return "w"
}

// setText writes the words one place may hold: "a–f" for a run of three
// or more in order, "7/9" for others.
func setText(set []string) string {
	var parts []string
	for i := 0; i < len(set); {
		j := i
		for j+1 < len(set) && next(set[j], set[j+1]) {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, set[i]+"–"+set[j])
		} else {
			parts = append(parts, set[i:j+1]...)
		}
		i = j + 1
	}
	return strings.Join(parts, "/")
}

// next reports whether b follows a: 3 then 4, c then d.
func next(a, b string) bool {
	if x, err := strconv.Atoi(a); err == nil {
		y, err := strconv.Atoi(b)
		return err == nil && y == x+1
	}
	return len(a) == 1 && len(b) == 1 && b[0] == a[0]+1
}
