package render

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/lang"
)

// A Game is one game as the dealer presents it: the engine's Info, and its
// pictures, terminal text and controls. The bot, the terminal and the web
// read nothing else of a game. Each game's presentation package makes its
// Game once, with Present, typed against that game's view.
type Game struct {
	games.Info
	show  shower
	words *lang.Catalog
}

// Presenter is how a game with views of type V is shown. Present turns it
// into a Game; the cast from the contract's `any` view to V is done there
// and nowhere else.
type Presenter[V any] struct {
	// Table draws the table as one viewer sees it: for a solitaire its
	// player, with p.Selected ringed; for a multiplayer game the channel's
	// picture, drawn from the spectator's view.
	Table func(r *Renderer, v V, p Params) ([]byte, error)
	// Scene, when set, lays out the scene Table draws, for its places
	// (Game.Places); nil for a game whose places are not laid out.
	Scene func(r *Renderer, v V, p Params) (*Scene, error)
	// Hand draws what one seat alone sees (multiplayer games): its hand,
	// with the cards it may play (from p.Legal) lit.
	Hand func(r *Renderer, v V, p Params) ([]byte, error)
	// Text writes the table for the terminal, with ANSI colour when color.
	Text func(v V, names []string, color bool) string
	// Controls say how the viewer builds a move by clicking.
	Controls func(v V, p Params) Controls
	// Private states a seat's private facts in words ("Your agent: …"),
	// in p.Lang, multiplayer games only. A change of these facts (a new
	// deal) is worth telling the player.
	Private func(v V, p Params) string
	// Describe says what the viewer's picture shows, in words a screen
	// reader reads (the picture's alt text): the state, whose turn, and
	// the moves in short (p.Legal). It should fit AltTextLimit; Game's
	// Describe cuts what does not.
	Describe func(v V, p Params) string
	// Spectate writes a move as someone watching the channel may read it,
	// in p.Lang (multiplayer games): its notation when all it names is
	// shown to the channel as it is made, else words in place of what
	// stays hidden ("trade a mission" for a mission traded from a hand).
	// A replay of a table that never reached its end, when no hand is
	// shown, lists the moves so. nil: such a replay says who moved, not
	// what.
	Spectate func(move string, p Params) string
	// Words are the game's texts in every language (see package lang):
	// the words of its pictures, controls, descriptions and private facts
	// in p.Lang, its house rules' names, and its refusals (the formats of
	// games.Refuse). nil: the game speaks English only.
	Words *lang.Catalog
}

// AltTextLimit is the most a picture's description may hold: Discord's
// limit on an attachment's description.
const AltTextLimit = 1024

// Params are what a picture or a set of controls is drawn for, beside the
// view.
type Params struct {
	// Names are the players by seat, as pictures show them.
	Names []string
	// Selected is the place the player has picked, in the game's notation
	// ("" for none).
	Selected string
	// Legal are the viewer's legal moves now, in notation.
	Legal []string
	// Lang is the language of the words drawn and written (the zero
	// Lang: English). Card names and notation stay as the rules write
	// them in every language.
	Lang lang.Lang
	// HideDeal keeps the deal's number out of the picture and its
	// description: today's daily deal, which a player could otherwise
	// practise first by its number (solitaires' status lines).
	HideDeal bool
}

// Present makes the Game of info shown by p.
func Present[V any](info games.Info, p Presenter[V]) Game {
	return Game{Info: info, show: p, words: p.Words}
}

// shower is a Presenter of any view type.
type shower interface {
	table(r *Renderer, view any, p Params) ([]byte, error)
	hand(r *Renderer, view any, p Params) ([]byte, error)
	text(view any, names []string, color bool) string
	controls(view any, p Params) Controls
	private(view any, p Params) string
	describe(view any, p Params) string
	spectate(move string, p Params) (string, bool)
	missing(solitaire bool) []string
	places(r *Renderer, view any, p Params) (PlaceMap, error)
}

// viewAs is the one cast from a contract view to a game's own view type.
func viewAs[V any](view any) (V, error) {
	v, ok := view.(V)
	if !ok {
		var want V
		return want, fmt.Errorf("render: expected a %T view, got %T", want, view)
	}
	return v, nil
}

func (p Presenter[V]) table(r *Renderer, view any, ps Params) ([]byte, error) {
	v, err := viewAs[V](view)
	if err != nil {
		return nil, err
	}
	return p.Table(r, v, ps)
}

func (p Presenter[V]) hand(r *Renderer, view any, ps Params) ([]byte, error) {
	if p.Hand == nil {
		return nil, fmt.Errorf("render: this game has no private picture")
	}
	v, err := viewAs[V](view)
	if err != nil {
		return nil, err
	}
	return p.Hand(r, v, ps)
}

func (p Presenter[V]) text(view any, names []string, color bool) string {
	v, err := viewAs[V](view)
	if err != nil {
		return err.Error()
	}
	return p.Text(v, names, color)
}

func (p Presenter[V]) controls(view any, ps Params) Controls {
	v, err := viewAs[V](view)
	if err != nil {
		return Controls{}
	}
	return p.Controls(v, ps)
}

func (p Presenter[V]) private(view any, ps Params) string {
	v, err := viewAs[V](view)
	if err != nil || p.Private == nil {
		return ""
	}
	return p.Private(v, ps)
}

func (p Presenter[V]) describe(view any, ps Params) string {
	v, err := viewAs[V](view)
	if err != nil || p.Describe == nil {
		return ""
	}
	return p.Describe(v, ps)
}

func (p Presenter[V]) spectate(move string, ps Params) (string, bool) {
	if p.Spectate == nil {
		return "", false
	}
	return p.Spectate(move, ps), true
}

func (p Presenter[V]) missing(solitaire bool) []string {
	var out []string
	need := func(ok bool, part string) {
		if !ok {
			out = append(out, part)
		}
	}
	need(p.Table != nil, "table picture")
	need(p.Text != nil, "terminal text")
	need(p.Controls != nil, "controls")
	need(p.Describe != nil, "description")
	if !solitaire {
		need(p.Hand != nil, "private picture")
		need(p.Private != nil, "private facts")
	}
	return out
}

// Table draws the table as the viewer whose view this is sees it.
func (g Game) Table(r *Renderer, view any, p Params) ([]byte, error) {
	return g.show.table(r, view, p)
}

// Hand draws what a seat alone sees (multiplayer games).
func (g Game) Hand(r *Renderer, view any, p Params) ([]byte, error) {
	return g.show.hand(r, view, p)
}

// Text writes the table for the terminal.
func (g Game) Text(view any, names []string, color bool) string {
	return g.show.text(view, names, color)
}

// Controls say how the viewer builds a move by clicking.
func (g Game) Controls(view any, p Params) Controls {
	return g.show.controls(view, p)
}

// Private states a seat's private facts in words ("" for a solitaire).
func (g Game) Private(view any, p Params) string {
	return g.show.private(view, p)
}

// Describe says what the viewer's picture shows in words, for screen
// readers (its alt text), within AltTextLimit bytes.
func (g Game) Describe(view any, p Params) string {
	return CutText(g.show.describe(view, p), AltTextLimit)
}

// Spectate writes move as someone watching the channel may read it (see
// Presenter.Spectate); ok is false when the game does not say, and then
// nothing of the move may be shown to spectators.
func (g Game) Spectate(move string, p Params) (text string, ok bool) {
	return g.show.spectate(move, p)
}

// CutText cuts s to at most n bytes at a word's end, marking the cut with
// an ellipsis.
func CutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && s[cut] != ' ' {
		cut--
	}
	if cut == 0 { // one long word: cut on a character boundary
		cut = n - len("…")
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
	}
	return s[:cut] + "…"
}

// Missing lists the parts a game lacks: every game needs a picture, text
// and controls; a solitaire a solver; a multiplayer game a private
// picture, private facts and a computer player. Registries refuse a game
// that lacks any.
func (g Game) Missing() []string {
	if g.show == nil {
		return []string{"presentation"}
	}
	out := g.show.missing(g.Solitaire())
	if g.Solitaire() && g.Solve == nil {
		out = append(out, "solver")
	}
	if !g.Solitaire() && g.Computer == nil {
		out = append(out, "computer player")
	}
	return out
}

// T is one of the game's texts in l (see Presenter.Words), or one of the
// kit's when the game has no such key; formatted with args.
func (g Game) T(l lang.Lang, key string, args ...any) string {
	if _, ok := g.words.Text(lang.English, key); ok {
		return g.words.T(l, key, args...)
	}
	return words.T(l, key, args...)
}

// Words are the game's texts (nil: English only).
func (g Game) Words() *lang.Catalog { return g.words }

// Refusal says err to a player in l: a games.Refusal in err's chain is
// translated by its format, its arguments kept, save those that are
// refusals themselves (parts of the sentence), which are translated in
// turn; any other error is said as it is.
func (g Game) Refusal(l lang.Lang, err error) string {
	r, ok := games.AsRefusal(err)
	if !ok {
		return err.Error()
	}
	args := make([]any, len(r.Args))
	for i, a := range r.Args {
		if part, ok := a.(*games.Refusal); ok {
			a = g.Refusal(l, part)
		}
		args[i] = a
	}
	return g.T(l, r.Format, args...)
}

// DescribeOptionsIn says the house rules of o that differ from the
// standard game in l ("free cells 8, autoplay off"), "" for none: the
// option's words are the game's (Option.Text is a key of Words), its
// values as players type them.
func (g Game) DescribeOptionsIn(l lang.Lang, o games.Options) string {
	var parts []string
	for _, opt := range g.Options {
		if v, ok := o[opt.Name]; ok && v != opt.Default {
			parts = append(parts, g.T(l, opt.Text)+" "+g.T(l, opt.Format(v)))
		}
	}
	return strings.Join(parts, ", ")
}

// SeatsTextIn says how many play the game, in l: "solitaire", "4 players",
// "2–5 players".
func (g Game) SeatsTextIn(l lang.Lang) string {
	switch {
	case g.Solitaire():
		return words.T(l, "solitaire")
	case g.MinSeats == g.MaxSeats:
		return words.T(l, "%d players", g.MinSeats)
	}
	return words.T(l, "%d–%d players", g.MinSeats, g.MaxSeats)
}
