package doubleagent

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/cards"
)

// View is the table of a Double Agent game as any viewer sees it: the
// face-down cards are counted, never shown.
type View struct {
	Deal uint64 `json:"deal"`
	// Top holds the top row, T1–T5 (building up); Bottom the bottom row,
	// B1–B5 (building down).
	Top    [5]Tableau `json:"top"`
	Bottom [5]Tableau `json:"bottom"`
	// Prison holds the four cells p1–p4 (the 2×2 grid, read row by row).
	Prison [4]Cell `json:"prison"`
	// Command holds the two command slots c1, c2; "--" marks an empty one.
	Command [2]cards.Card `json:"command"`
	// Moves counts every move made, undos included; Undos counts the undos.
	Moves  int          `json:"moves"`
	Undos  int          `json:"undos"`
	Status games.Status `json:"status"`
	// Score is the cards on the foundations plus one per agent in command.
	Score int `json:"score"`
}

// Tableau is one tableau as everyone sees it.
type Tableau struct {
	Name string `json:"name"`
	// Down counts the face-down cards under the face-up run.
	Down int `json:"down"`
	// Exposed tells that the top is a face-down card (Down > 0, Up empty):
	// it may be uncovered, or anything built on it.
	Exposed bool `json:"exposed"`
	// Up is the face-up run, from its lowest card to the top card (the one
	// that moves first).
	Up []Face `json:"up"`
}

// Face is one face-up card of a tableau.
type Face struct {
	Card cards.Card `json:"card"`
	// Stands is, for a double agent, the rank (1–13) it stands for where it
	// lies; 0 (left out of the JSON) while it may still stand for any rank.
	// Other cards leave it 0.
	Stands cards.Rank `json:"stands,omitempty"`
}

// Cell is one prison cell.
type Cell struct {
	Name string `json:"name"`
	// Kind is "empty", "prisoner" or "foundation".
	Kind string `json:"kind"`
	// Card is the prisoner, or the foundation's top card; "--" when empty.
	Card cards.Card `json:"card"`
	// Suit and Count describe a foundation: its suit's name and its cards.
	Suit  string `json:"suit,omitempty"`
	Count int    `json:"count,omitempty"`
	// Frozen tells that no agent of the foundation's colour is in command:
	// nothing may be added to it.
	Frozen bool `json:"frozen,omitempty"`
}

// State is the complete position for the scripted mode and tests: the View
// and, for each tableau in the order t1–t5, b1–b5, its face-down cards from
// the bottom up. Never show it to a player.
type State struct {
	View
	FaceDown [10][]cards.Card `json:"face_down"`
}

// view builds the public view of position p.
func (p *Pos) view() View {
	var v View
	for t := T1; t <= B5; t++ {
		pl := &p.tab[t]
		tv := Tableau{Name: t.String(), Down: int(pl.down), Exposed: pl.exposed(), Up: make([]Face, 0, pl.up())}
		run := pl.run()
		for i, c := range run {
			f := Face{Card: c.Card()}
			if c.isAgent() {
				f.Stands = cards.Rank(rankAt(run, i, dir(t)))
			}
			tv.Up = append(tv.Up, f)
		}
		if t.TopRow() {
			v.Top[t] = tv
		} else {
			v.Bottom[t-B1] = tv
		}
	}
	for i, c := range p.cell {
		cv := Cell{Name: (P1 + Place(i)).String(), Kind: "empty", Card: c.top.Card()}
		switch {
		case c.found:
			cv.Kind, cv.Suit, cv.Count = "foundation", c.top.suit().Name(), c.top.rank()
			cv.Frozen = !p.commands(c.top.isRed())
		case c.top != 0:
			cv.Kind = "prisoner"
		}
		v.Prison[i] = cv
	}
	for i, c := range p.cmd {
		v.Command[i] = c.Card()
	}
	v.Score = p.Score()
	return v
}

// faceDown lists each tableau's face-down cards.
func (p *Pos) faceDown() [10][]cards.Card {
	var fd [10][]cards.Card
	for t := range p.tab {
		pl := &p.tab[t]
		fd[t] = make([]cards.Card, pl.down)
		for i := range fd[t] {
			fd[t][i] = pl.c[i].Card()
		}
	}
	return fd
}
