package render

// Controls say, as data, how a player builds a move by clicking: the bot
// turns them into Discord's buttons and menus (and enforces Discord's limits
// there); another front end may draw them its own way. Exactly one of Board,
// Buttons and Menu is set; none when the viewer has nothing to click.
type Controls struct {
	// Board: pick a place, then where it goes (the solitaires).
	Board *Board
	// Buttons: one button per move, in rows (a hand of cards).
	Buttons [][]Button
	// Menu: a long move chosen word by word from the legal moves.
	Menu *Menu
}

// Board is a table of places, each a button. A move is "PLACE" (one click),
// "VERB PLACE" for a verb in Verbs (one click on PLACE), or "FROM TO [N]"
// (click FROM, then TO: only the places a legal move reaches are lit); a
// command ("undo", "auto") is a button of its own.
type Board struct {
	// Places are the rows of place buttons.
	Places [][]Place
	// Commands make the last row, in order.
	Commands []Command
	// Verbs are words that make the move after them a one-click move on
	// the place they name ("up t3" is clicked on t3).
	Verbs []string
	// Better reports whether move a is to be preferred to move b, two legal
	// moves between the same places ("2 7 3" over "2 7": the longer run).
	// nil keeps the first listed.
	Better func(a, b string) bool
}

// Place is one place of a Board: its name in the game's notation and its
// button's label ("3 · 7♥").
type Place struct {
	Name  string
	Label string
}

// Command is one command button. It is shown when one of its moves is
// legal, or always (disabled) when Steady, so the row does not jump about.
type Command struct {
	// Moves are the notations it stands for; the first legal one is made.
	Moves []string
	// Labels label each of Moves.
	Labels []string
	Style  Style
	// Steady shows the button disabled when none of Moves is legal.
	Steady bool
	// Confirm asks "sure?" before the move is made.
	Confirm bool
	// Hint makes it the Hint button (not a move): shown when the game has
	// a solver.
	Hint bool
}

// Button is one move as a button.
type Button struct {
	Label   string
	Move    string
	Style   Style
	Enabled bool
}

// Menu offers a move word by word: each step lists the next words of the
// legal moves that start with the words chosen so far.
type Menu struct {
	// Word labels a next word for people ("Mole", "faction A, slot 2"),
	// given the words so far.
	Word func(prefix []string, word string) string
}

// Style is a button's colour, as the front end has them.
type Style uint8

// The styles.
const (
	Secondary Style = iota // grey
	Primary                // blurple
	Success                // green
	Danger                 // red
)

// Places makes a board's rows of places from their names, each labelled
// by label.
func Places(rows [][]string, label func(place string) string) [][]Place {
	out := make([][]Place, len(rows))
	for i, row := range rows {
		for _, name := range row {
			out[i] = append(out[i], Place{Name: name, Label: label(name)})
		}
	}
	return out
}
