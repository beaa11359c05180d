package games

// Rules versions. A change to a game's rules is a new version of them: a
// table keeps the version it started with, to its end and in every replay,
// so an engine keeps every version it has shipped playable, and new tables
// play the newest (Info.Rules).
//
// To change a game's rules: raise the game's rules constant (its
// Info.Rules), make the engine play the old way under the older version
// (Info.OldRules), say how that version differs (Info.RulesBefore), and
// add a test that games recorded under the old version replay to the
// same ends.

// NewestRules is the version of the game's rules that new tables play:
// Info.Rules, or 1 when it is unset.
func (i Info) NewestRules() int { return max(i.Rules, 1) }

// KnowsRules reports whether v is one of the game's rules versions (1 to
// NewestRules); 0 stands for the newest.
func (i Info) KnowsRules(v int) bool { return v >= 0 && v <= i.NewestRules() }

// StartUnder deals a game under house rules o (nil for the standard game)
// and rules version v (0 for the newest). A version the game does not
// know is refused: the table comes from a newer dealer.
func (i Info) StartUnder(deal uint64, seats int, o Options, v int) (Game, error) {
	if !i.KnowsRules(v) {
		return nil, Refuse("%s has no rules version %d: this dealer knows versions 1 to %d", i.Title, v, i.NewestRules())
	}
	if v == 0 || v == i.NewestRules() {
		return i.Start(deal, seats, o)
	}
	if _, err := i.Start(deal, seats, o); err != nil { // the options checked
		return nil, err
	}
	return i.OldRules(deal, seats, o, v)
}
