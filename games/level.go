package games

import (
	"fmt"
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
	return Normal, fmt.Errorf("%q is not a level: easy, normal or hard", s)
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
