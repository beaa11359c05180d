package games

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Level is how strongly a computer player plays. The zero Level is Normal,
// the computer player of Info.Computer.
type Level int

// The levels. Easy plays loosely, Normal is each game's standard computer
// player, Hard searches (it sees no more than Normal: only its seat's view).
const (
	Normal Level = iota
	Easy
	Hard
)

// ComputerFor is the game's computer player at level l: ComputerSeeded's
// with seed 0, or Computer when the game has one level.
func (i Info) ComputerFor(l Level) Computer {
	if i.ComputerSeeded != nil && l != Normal {
		return i.ComputerSeeded(l, 0)
	}
	return i.Computer
}

// HasLevels reports whether the game's computer players come at levels.
func (i Info) HasLevels() bool { return i.ComputerSeeded != nil }

// Levels lists the levels from the weakest.
var Levels = []Level{Easy, Normal, Hard}

var levelNames = map[Level]string{Easy: "easy", Normal: "normal", Hard: "hard"}

// String is the level's name: "easy", "normal" or "hard".
func (l Level) String() string {
	if n, ok := levelNames[l]; ok {
		return n
	}
	return fmt.Sprintf("level(%d)", int(l))
}

// ParseLevel reads a level's name, in any case.
func ParseLevel(s string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for l, n := range levelNames {
		if n == t {
			return l, nil
		}
	}
	return Normal, Refuse("%q is not a level: easy, normal or hard", s)
}

// MarshalText writes the level's name, for JSON.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level's name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Seeded is a computer player whose random choices come from seed.
type Seeded func(g Game, seat Seat, seed uint64) Move

// With is s with its random choices from seed.
func (s Seeded) With(seed uint64) Computer {
	return func(g Game, seat Seat) Move { return s(g, seat, seed) }
}

// ByLevel picks a game's computer player of level l among its three, Easy's
// and Hard's random choices from seed; an unknown level is Normal.
func ByLevel(l Level, seed uint64, easy Seeded, normal Computer, hard Seeded) Computer {
	switch l {
	case Easy:
		return easy.With(seed)
	case Hard:
		return hard.With(seed)
	}
	return normal
}

// MoveRand is the random source of a computer player's choice: from its
// seed, the deal, the moves made so far and its seat, so the same game
// gives the same choice on every machine and on a replay. It is no global
// random: the caller owns it.
func MoveRand(seed, deal uint64, moves int, seat Seat) *rand.Rand {
	return rand.New(rand.NewPCG(seed^deal*0x9e3779b97f4a7c15, uint64(moves)<<8|uint64(seat&0xff)))
}
