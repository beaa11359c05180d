package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Option is one house rule a table may choose when it opens: free cells in
// Double FreeCell, deals in Secret Agent. A table's choices are Options;
// the game's defaults are what the daily deal and the main leaderboards use.
type Option struct {
	// Name is what players type: "cells" in cells=8.
	Name string
	// Text names the rule for people: "free cells".
	Text string
	// Default is the value a table has unless it chooses another.
	Default int
	// Values lists the allowed values in order. A Switch's are 0 (off) and
	// 1 (on), written off and on.
	Values []int
	// Switch marks an on/off rule.
	Switch bool
}

// Range lists the allowed values as people write them: "4–8", "20, 30,
// 40, 60" or "on, off".
func (o Option) Range() string {
	if o.Switch {
		return "on, off"
	}
	if n := len(o.Values); n > 2 && o.Values[n-1]-o.Values[0] == n-1 {
		return fmt.Sprintf("%d–%d", o.Values[0], o.Values[n-1])
	}
	s := make([]string, len(o.Values))
	for i, v := range o.Values {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}

// Format writes value v as players type it: "8", or "on"/"off".
func (o Option) Format(v int) string {
	if o.Switch {
		if v != 0 {
			return "on"
		}
		return "off"
	}
	return strconv.Itoa(v)
}

// Parse reads a value of the option, refusing one outside its range with
// an answer that names what is allowed.
func (o Option) Parse(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if o.Switch {
		switch s {
		case "on", "yes", "true", "1":
			return 1, nil
		case "off", "no", "false", "0":
			return 0, nil
		}
		return 0, Refuse("%s is on or off, not %q", o.Name, s)
	}
	v, err := strconv.Atoi(s)
	if err != nil || !slices.Contains(o.Values, v) {
		return 0, Refuse("%s (%s) is one of %s, not %q", o.Name, o.Text, o.Range(), s)
	}
	return v, nil
}

// Options are a table's house rules: option name → value. A missing name
// has its default, so nil is the standard game.
type Options map[string]int

// Get is the value of option name, or def when the table did not choose it.
func (o Options) Get(name string, def int) int {
	if v, ok := o[name]; ok {
		return v
	}
	return def
}

// Option finds one of the game's house rules by name.
func (i Info) Option(name string) (Option, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, o := range i.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

// ParseOptions reads "name=value" settings (as at the terminal's --option
// and in the store), separated by spaces or commas, any number per string.
// Values equal to the default are dropped, so the standard game is always
// nil. Unknown names and values out of range are errors naming what is
// allowed.
func (i Info) ParseOptions(settings ...string) (Options, error) {
	var out Options
	for _, s := range settings {
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
			name, val, ok := strings.Cut(f, "=")
			if !ok {
				return nil, Refuse("%q: write an option as name=value (%s)", f, i.OptionsHelp())
			}
			o, known := i.Option(name)
			if !known {
				return nil, Refuse("%s has no option %q (%s)", i.Title, name, i.OptionsHelp())
			}
			v, err := o.Parse(val)
			if err != nil {
				return nil, err
			}
			if out == nil {
				out = Options{}
			}
			out[o.Name] = v
		}
	}
	for name, v := range out {
		if o, _ := i.Option(name); v == o.Default {
			delete(out, name)
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// FormatOptions writes a table's options in the game's order, defaults left
// out: "cells=8 autoplay=off", or "" for the standard game. ParseOptions
// reads it back; the store keeps it.
func (i Info) FormatOptions(o Options) string {
	return strings.Join(i.chosen(o, func(opt Option, v int) string { return opt.Name + "=" + opt.Format(v) }), " ")
}

// DescribeOptions says a table's house rules for people, "" for the
// standard game: "free cells 8, autoplay off".
func (i Info) DescribeOptions(o Options) string {
	return strings.Join(i.chosen(o, func(opt Option, v int) string { return opt.Text + " " + opt.Format(v) }), ", ")
}

// chosen writes with say, in the game's order, each option o sets to other
// than its default.
func (i Info) chosen(o Options, say func(opt Option, v int) string) []string {
	var parts []string
	for _, opt := range i.Options {
		if v, ok := o[opt.Name]; ok && v != opt.Default {
			parts = append(parts, say(opt, v))
		}
	}
	return parts
}

// OptionsHelp lists the game's options with their ranges and defaults:
// "cells=4–8 (default 6), autoplay=on, off (default on)"; "no options"
// when it has none.
func (i Info) OptionsHelp() string {
	if len(i.Options) == 0 {
		return i.Title + " has no options"
	}
	parts := make([]string, len(i.Options))
	for k, o := range i.Options {
		parts[k] = fmt.Sprintf("%s=%s (default %s)", o.Name, o.Range(), o.Format(o.Default))
	}
	return strings.Join(parts, "; ")
}

// Start deals a game with house rules: New for the standard game, NewWith
// when the table chose options.
func (i Info) Start(deal uint64, seats int, o Options) (Game, error) {
	if len(o) == 0 {
		return i.New(deal, seats)
	}
	if i.NewWith == nil {
		return nil, Refuse("%s has no options", i.Title)
	}
	for name, v := range o {
		opt, ok := i.Option(name)
		if !ok {
			return nil, Refuse("%s has no option %q", i.Title, name)
		}
		if !opt.Switch && !slices.Contains(opt.Values, v) || opt.Switch && v != 0 && v != 1 {
			return nil, Refuse("%s: %s=%d is outside %s", i.Title, name, v, opt.Range())
		}
	}
	return i.NewWith(deal, seats, o)
}

// TitleUnder is the game's title with the house rules options (as
// FormatOptions writes them) in brackets: "Double FreeCell (free cells 8)";
// the bare title for the standard game.
func (i Info) TitleUnder(options string) string {
	o, err := i.ParseOptions(options)
	if d := i.DescribeOptions(o); err == nil && d != "" {
		return i.Title + " (" + d + ")"
	}
	return i.Title
}
