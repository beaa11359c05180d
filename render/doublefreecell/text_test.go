package doublefreecell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render"
)

func TestDoubleFreeCellText(t *testing.T) {
	want := `Double FreeCell · deal 123456 · move 87 · 3 undos · 31/104 home · autoplay off
cells  a --   b Q♥   c --   d --   e 10♠  f --
h      ♣ 7♣ 7/26        ♦ K♦ 13/26 R2    ♥ --             ♠ 5♠ 18/26 R2
 1  4♥  9♣  J♠  2♦  8♥  A♠  3♣  K♠  Q♦  J♣  10♥ 9♠  8♦  7♠  6♥
 2  5♦  K♣  2♠  9♥
 3
 4  A♥  Q♠  7♦  3♥  10♣ 6♦  J♥
 5  8♠  4♣  K♥
 6  2♥  5♣  9♦  6♠  Q♣  J♦  3♠  4♦  8♣
 7  A♦  10♦ 7♥  5♥
 8  K♥  Q♣  J♥  10♠ 9♥  8♣  7♦  6♣  5♦  4♠  3♦  2♣
 9  6♣  4♠  2♣
10  3♦  9♠  J♦  8♦  7♣  A♥
`
	if got := Text(midView(t), false); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestDoubleFreeCellTextColour(t *testing.T) {
	v := midView(t)
	plain := Text(v, false)
	if strings.Contains(plain, "\x1b") {
		t.Error("escape codes without colour")
	}
	col := Text(v, true)
	// red cards, and only they, are wrapped in red; taking the codes out
	// gives the plain text back
	if !strings.Contains(col, " \x1b[31mQ♥\x1b[0m ") || !strings.Contains(col, "\x1b[31m10♥\x1b[0m 9♠") {
		t.Errorf("red cards not in red:\n%s", col)
	}
	if strings.Contains(col, "\x1b[31m10♠") || strings.Contains(col, "\x1b[31m7♣") {
		t.Errorf("a black card in red:\n%s", col)
	}
	if got := strings.NewReplacer(render.ANSIRed, "", render.ANSIReset, "").Replace(col); got != plain {
		t.Errorf("coloured text differs from plain beyond its codes:\n%s", got)
	}
}

func TestDoubleFreeCellTextStatus(t *testing.T) {
	won := Text(wonView(), false)
	first := strings.SplitN(won, "\n", 2)[0]
	if !strings.HasSuffix(first, "WON in 311 moves") || strings.Contains(first, "autoplay") {
		t.Errorf("won header: %q", first)
	}
	if !strings.Contains(won, "♠ K♠ 26/26 R2") {
		t.Errorf("full foundations not shown:\n%s", won)
	}
	lost := Text(lostView(t), false)
	if first := strings.SplitN(lost, "\n", 2)[0]; !strings.HasSuffix(first, "· LOST") {
		t.Errorf("lost header: %q", first)
	}
	// a dealt table: ten numbered lines of cards, 11 on the first four
	lines := strings.Split(strings.TrimSuffix(Text(dealtView(1), false), "\n"), "\n")
	if len(lines) != 13 {
		t.Fatalf("%d lines, want 13", len(lines))
	}
	for i, l := range lines[3:] {
		n := len(strings.Fields(l)) - 1
		if want := map[bool]int{true: 11, false: 10}[i < 4]; n != want {
			t.Errorf("column line %q has %d cards, want %d", l, n, want)
		}
	}
}

// TestDoubleFreeCellTextWrapsLongColumns: a column too long for 80 columns
// goes on under itself, every card kept.
func TestDoubleFreeCellTextWrapsLongColumns(t *testing.T) {
	for _, n := range []int{19, 20, 30} {
		v := dealtView(1)
		for len(v.Columns[0]) < n {
			v.Columns[0] = append(v.Columns[0], v.Columns[9]...)
		}
		v.Columns[0] = v.Columns[0][:n]
		got := Text(v, true)
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		cards := 0
		for _, l := range lines[3:] {
			assert.LessOrEqual(t, render.TermWidth(l), 80, l)
			if !strings.HasPrefix(l, "    ") {
				cards-- // the column's number
			}
			cards += len(strings.Fields(l))
		}
		want := 0
		for _, col := range v.Columns {
			want += len(col)
		}
		assert.Equal(t, want, cards, "%d cards in column 1", n)
	}
}
