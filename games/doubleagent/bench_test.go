package doubleagent

import "testing"

// Figures for a future solver: the typed position's hot operations.

func midgame(b *testing.B) Pos {
	p := Deal(5)
	var legal []Move
	for i := 0; i < 40; i++ {
		legal = p.Legal(legal[:0])
		if len(legal) == 0 {
			break
		}
		if _, err := p.Do(legal[i%len(legal)]); err != nil {
			b.Fatal(err)
		}
	}
	return p
}

func BenchmarkLegal(b *testing.B) {
	p := midgame(b)
	buf := make([]Move, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Legal(buf[:0])
	}
}

func BenchmarkDoUndo(b *testing.B) {
	p := midgame(b)
	legal := p.Legal(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s, err := p.Do(legal[i%len(legal)])
		if err != nil {
			b.Fatal(err)
		}
		p.Undo(s)
		i++
	}
}

func BenchmarkClone(b *testing.B) {
	p := midgame(b)
	var q Pos
	b.ReportAllocs()
	for b.Loop() {
		q = p.Clone()
	}
	_ = q
}

func BenchmarkStuck(b *testing.B) {
	p := midgame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.Stuck()
	}
}
