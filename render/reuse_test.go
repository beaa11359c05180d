package render

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// edited returns a copy of data with n runs of bytes changed, as a move
// changes a few places of a picture.
func edited(rng *rand.Rand, data []byte, n int) []byte {
	out := append([]byte(nil), data...)
	for range n {
		if len(out) == 0 {
			break
		}
		at := rng.IntN(len(out))
		for j := at; j < min(len(out), at+1+rng.IntN(40)); j++ {
			out[j] = byte(rng.IntN(6))
		}
	}
	return out
}

// after compresses data from the last picture's bands, and makes them
// data's.
func (d *deflater) after(data []byte, rowLen int, cache *bandCache, last *[]bandKey) []byte {
	p := &prior{last: *last}
	z, ok := d.zlibCompressAfter(nil, data, rowLen, cache, p)
	if !ok {
		panic("no band was marked the same")
	}
	*last = p.keys
	return z
}

func TestReuseBandSeries(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for name, data := range testStreams() {
		t.Run(name, func(t *testing.T) {
			var d, fresh deflater
			cache := newBandCache()
			var last []bandKey
			for step := range 6 {
				z := d.after(data, 301, cache, &last)
				require.Equal(t, string(data), string(inflate(t, z)), "step %d", step)
				// Within a few per cent of a search from nothing.
				whole := fresh.zlibCompress(nil, data, 301, nil)
				require.LessOrEqual(t, len(z), len(whole)+len(whole)/25+64, "step %d", step)
				data = edited(rng, data, step*3)
			}
		})
	}
}

func TestReuseBandKeepsTokens(t *testing.T) {
	data := testStreams()["rows"]
	rowLen := 301
	var d deflater
	d.parseBand(data, 0, bandRows*rowLen, rowLen)
	old := append([]token(nil), d.toks...)
	// The same bytes: every token kept.
	d.toks = d.toks[:0]
	clear(d.head[:])
	d.reuseBand(data, 0, bandRows*rowLen, rowLen, old, nil)
	require.Equal(t, old, d.toks)
	// One byte changed: the tokens before it kept, the stream still right.
	changed := append([]byte(nil), data...)
	changed[5*rowLen+100] ^= 0x55
	d.toks = d.toks[:0]
	d.reuseBand(changed, 0, bandRows*rowLen, rowLen, old, nil)
	n := 0
	for d.toks[n] == old[n] {
		n++
	}
	require.Greater(t, n, 10)
	require.Equal(t, changed[:bandRows*rowLen], expand(d.toks))
}

// expand is the bytes the tokens of a first band stand for.
func expand(toks []token) []byte {
	var out []byte
	for _, t := range toks {
		if t.isLiteral() {
			out = append(out, byte(t))
			continue
		}
		for range t.size() {
			out = append(out, out[len(out)-t.dist()])
		}
	}
	return out
}

func FuzzZlibCompressSeries(f *testing.F) {
	for _, data := range testStreams() {
		f.Add(data[:min(len(data), 3000)], uint16(37), uint64(1))
	}
	var d deflater
	cache := newBandCache()
	f.Fuzz(func(t *testing.T, data []byte, rowLen uint16, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 0))
		var last []bandKey
		for range 3 {
			z := d.after(data, int(rowLen)+1, cache, &last)
			require.Equal(t, string(data), string(inflate(t, z)))
			data = edited(rng, data, 2)
		}
	})
}

func TestChangesClear(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		rowLen := 3 + rng.IntN(60)
		lo := rowLen * (1 + rng.IntN(3))
		var spans []span
		for c := rng.IntN(4); c < rowLen; c += 2 + rng.IntN(rowLen) {
			e := min(rowLen, c+1+rng.IntN(5))
			spans = append(spans, span{c, e})
			c = e
		}
		if len(spans) == 0 {
			continue
		}
		dirtyAt := func(p int) bool {
			col := ((p-lo)%rowLen + rowLen) % rowLen
			return !clean(spans, col, col+1)
		}
		i := lo + rng.IntN(4*rowLen)
		n := 1 + rng.IntN(2*rowLen)
		dist := []int{0, 1, rowLen, 1 + rng.IntN(i-lo+rowLen)}[rng.IntN(4)]
		if dist == 0 {
			n = 1
		}
		want := true
		for p := i; p < i+n; p++ {
			if dirtyAt(p) || dist > 0 && dirtyAt(p-dist) {
				want = false
			}
		}
		ch := newChanges(spans, lo, rowLen)
		ch.past(i)
		require.Equal(t, want, ch.clear(i, n, dist), "spans %v rowLen %d lo %d i %d n %d dist %d", spans, rowLen, lo, i, n, dist)
	}
}

// changedColumns lists, for each band, the columns where b differs from a
// in the band or the row above it (nil for a band with no change).
func changedColumns(a, b []byte, rowLen int) (same []bool, dirty [][]span) {
	bandLen := bandRows * rowLen
	for lo := 0; lo < len(b); lo += bandLen {
		var cols []span
		for p := max(lo-rowLen, 0); p < min(lo+bandLen, len(b)); p++ {
			if a[p] != b[p] {
				c := p % rowLen
				cols = append(cols, span{c, c + 1})
			}
		}
		same = append(same, cols == nil)
		dirty = append(dirty, merged(cols))
	}
	return same, dirty
}

// The same bands unread and the changed columns told: what a series'
// picture is encoded with.
func TestReuseBandChangedColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for name, data := range testStreams() {
		t.Run(name, func(t *testing.T) {
			var d deflater
			cache := newBandCache()
			var last []bandKey
			z := d.after(data, 301, cache, &last)
			require.Equal(t, string(data), string(inflate(t, z)))
			for step := range 6 {
				next := edited(rng, data, step)
				p := &prior{last: last}
				p.same, p.dirty = changedColumns(data, next, 301)
				z, ok := d.zlibCompressAfter(nil, next, 301, cache, p)
				require.True(t, ok)
				require.Equal(t, string(next), string(inflate(t, z)), "step %d", step)
				data, last = next, p.keys
			}
		})
	}
}
