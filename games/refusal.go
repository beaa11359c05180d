package games

import (
	"errors"
	"fmt"
)

// A Refusal is an engine's answer to a move or an option it will not
// take, kept as a format and its arguments rather than as finished
// words, so that whoever shows it can say it in the player's language:
// the format is the key of its translation, and the arguments (cards,
// places, numbers) stay as the rules write them.
type Refusal struct {
	Format string
	Args   []any
}

// Refuse is a Refusal: fmt.Errorf's words, kept apart. Wrap it with %w
// to add context; errors.As finds it.
func Refuse(format string, args ...any) error {
	return &Refusal{Format: format, Args: args}
}

// Error is the refusal in English.
func (r *Refusal) Error() string {
	if len(r.Args) == 0 {
		return r.Format
	}
	return fmt.Sprintf(r.Format, r.Args...)
}

// AsRefusal finds a Refusal in err's chain.
func AsRefusal(err error) (*Refusal, bool) {
	var r *Refusal
	ok := errors.As(err, &r)
	return r, ok
}
