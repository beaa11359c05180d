package games

// Exporter is implemented by games whose position other programs can read:
// Export writes the position in the named format (such as "fcsolve", a
// Freecell Solver board), or says the game has no such format. The
// terminal's `dealer export` asks a game for it, knowing no game.
type Exporter interface {
	Export(format string) (string, error)
}

// CardLister is implemented by games with a card set of their own design:
// CardSet is the set as a JSON-friendly value, CardSetText the set in
// plain text, one card a line. The terminal's `dealer cards` prints it.
type CardLister interface {
	CardSet() any
	CardSetText() string
}
