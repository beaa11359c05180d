package bot

import "context"

// The button routes: every action a custom id can name (customid.go), its
// argument, and its handler on each kind of table, in one table, as disgo
// routes custom ids by pattern. Adding a button is its letter and one
// entry here, and its handler; the custom id's format is customid.go's,
// the checks every click passes (the table read and locked, the seat, the
// version) click.go's.

// argRule is what an action's argument may be.
type argRule int

// The argument rules.
const (
	argNone     argRule = iota // nothing follows the action letter
	argRequired                // something must: a place, a move, menu words
	argOptional                // a menu's value rides in the interaction instead
)

// route is one action: its name (for tests and logs), its argument, and
// its handler on each kind of table it belongs to. A nil handler means the
// action does not belong on that kind of table, which answers its own
// refusal (click.go).
type route struct {
	name string
	arg  argRule
	// lobby changes a lobby; opener: only the table's opener may.
	lobby  func(b *Bot, ctx context.Context, c click) (reply, error)
	opener bool
	// solitaire acts on a solitaire's board.
	solitaire func(b *Bot, ctx context.Context, c click) reply
	// multi acts on a multiplayer table, from a seat's private message
	// drawn at the table's current version unless anyVersion.
	multi      func(b *Bot, ctx context.Context, c click) reply
	anyVersion bool
}

// The actions, by their letter in a custom id (customid.go), and their
// arguments:
//
//	s<place>   select a source place (shows the legal destinations)
//	c          cancel the selection
//	m<move>    make a move, in the game's notation ("m3 h", "mundo")
//	r          redraw the table (a fresh picture and buttons)
//	h          show me my hand, privately (multiplayer tables)
//	i          a hint: the next move of a solution (solitaires)
//	j l a g    lobby: join, leave, add a computer player, start
//	k<seat>    lobby: the opener removes a seated player (or a select's value)
//	p<n><words> the move tree: the words chosen so far, n the menu's page
//	           (its value is the next word); "pb" goes back to the start
//	b          take my seat back from the computer player standing in
const (
	actSelect = 's'
	actCancel = 'c'
	actMove   = 'm'
	actRedraw = 'r'
	actHand   = 'h'
	actJoin   = 'j'
	actLeave  = 'l'
	actAddAI  = 'a'
	actStart  = 'g'
	actKick   = 'k'
	actPick   = 'p'
	actHint   = 'i'
	actBack   = 'b'
)

// routes are the actions by their letter in the custom id.
var routes = map[byte]route{
	actSelect: {name: "select a place", arg: argRequired, solitaire: (*Bot).selectPlace},
	actCancel: {name: "cancel the selection", arg: argNone, solitaire: (*Bot).redrawBoard},
	actRedraw: {name: "redraw the table", arg: argNone, solitaire: (*Bot).redrawBoard},
	actMove:   {name: "make a move", arg: argRequired, solitaire: (*Bot).moveOnBoard, multi: (*Bot).moveFromHand},
	actHint:   {name: "a hint", arg: argNone, solitaire: (*Bot).hint},
	actHand:   {name: "my hand", arg: argNone, solitaire: (*Bot).redrawBoard, multi: (*Bot).myHand, anyVersion: true},
	actPick:   {name: "a word of the move menu", arg: argRequired, solitaire: (*Bot).redrawBoard, multi: (*Bot).pickWord},
	actBack:   {name: "take my seat back", arg: argNone, multi: (*Bot).takeSeatBack, anyVersion: true},
	actJoin:   {name: "join the lobby", arg: argNone, lobby: (*Bot).join},
	actLeave:  {name: "leave the lobby", arg: argNone, lobby: (*Bot).leave},
	actAddAI:  {name: "add a computer player", arg: argOptional, lobby: (*Bot).addComputer, opener: true},
	actKick:   {name: "remove a player", arg: argOptional, lobby: (*Bot).removeSeat, opener: true},
	actStart:  {name: "start the game", arg: argNone, lobby: (*Bot).startGame, opener: true},
}
