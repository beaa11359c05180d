package theagents

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games"
)

// MoveKind is what a move does.
type MoveKind uint8

// The kinds of move: the actions of a turn, the free moves, and the choices
// a command's performer makes.
const (
	MovePlay       MoveKind = iota + 1 // play an agent from hand
	MoveUse                            // re-activate a command facing you
	MoveBuyAgent                       // buy the top agent, 1 IP
	MoveBuyMission                     // buy the top mission, 3 IP
	MoveDraw                           // draw an agent, with no agent and no IP
	MoveTrade                          // trade a mission for the top mission
	MoveAssign                         // assign a mission from hand to a faction
	MoveRecall                         // take an assigned mission back to hand
	MoveShift                          // move an assigned mission to another faction
	MoveEnd                            // end the turn
	MoveKill                           // the choices of the commands…
	MoveExtract
	MoveTurn
	MoveSwap
	MoveRevive
	MoveSpy   // choose whose hand to look at
	MoveTake  // take an agent from the hand looked at
	MoveSteal // choose whom to take IP from
)

var verbs = map[MoveKind]string{
	MovePlay: "play", MoveUse: "use", MoveDraw: "draw", MoveTrade: "trade", MoveAssign: "assign",
	MoveRecall: "recall", MoveShift: "move", MoveEnd: "end", MoveKill: "kill", MoveExtract: "extract",
	MoveTurn: "turn", MoveSwap: "swap", MoveRevive: "revive", MoveSpy: "spy", MoveTake: "take", MoveSteal: "steal",
}

// Move is one move of The Agents. Factions are numbered from 1 (A is 1, 0
// is no faction); P is a card's position from 1, or for MovePlay the slot
// (0 is before the first card, n after the n-th). Card is an agent's key
// (MovePlay, MoveTake) or a mission's key (MoveTrade, MoveAssign, …).
type Move struct {
	Kind MoveKind
	Card string
	F, P int
	// F2, P2 are the second card of a swap, or the destination of MoveShift.
	F2, P2 int
	// Cmd is the seat a played agent's command faces; IP the seat a Free
	// Agent's IP faces; Seat the player chosen by spy or steal.
	Cmd, IP, Seat games.Seat
}

// End is the move that ends a turn.
var End = Move{Kind: MoveEnd}

// factionName returns the letter of faction number f (from 1).
func factionName(f int) string {
	if f < 1 || f > 26 {
		return "?"
	}
	return string(rune('A' + f - 1))
}

func ref(f, p int) string { return factionName(f) + strconv.Itoa(p) }

// String writes the move in its canonical notation (see the package doc).
func (m Move) String() string {
	v := verbs[m.Kind]
	switch m.Kind {
	case MovePlay:
		if m.F == 0 {
			return fmt.Sprintf("play %s cmd %d ip %d", m.Card, m.Cmd, m.IP)
		}
		return fmt.Sprintf("play %s %s cmd %d", m.Card, ref(m.F, m.P), m.Cmd)
	case MoveUse, MoveKill, MoveExtract, MoveTurn, MoveRevive:
		return v + " " + ref(m.F, m.P)
	case MoveSwap:
		return "swap " + ref(m.F, m.P) + " " + ref(m.F2, m.P2)
	case MoveBuyAgent:
		return "buy agent"
	case MoveBuyMission:
		return "buy mission"
	case MoveDraw, MoveEnd:
		return v
	case MoveTrade:
		if m.F == 0 {
			return "trade " + m.Card
		}
		return "trade " + m.Card + " " + factionName(m.F)
	case MoveAssign, MoveRecall:
		return v + " " + m.Card + " " + factionName(m.F)
	case MoveShift:
		return "move " + m.Card + " " + factionName(m.F) + " " + factionName(m.F2)
	case MoveTake:
		return "take " + m.Card
	case MoveSpy, MoveSteal:
		return fmt.Sprintf("%s %d", v, m.Seat)
	}
	return "?"
}

// The refusals of a move not understood say how moves are written:
// "type moves to list them; for example play sniper A0 cmd 1, use B2, buy
// agent, assign graveyard A, end". Each is written out whole, so that it
// can be translated.

// Parse reads a move in the notation of the package documentation. It
// checks the form, and that agents and missions exist, not legality.
func Parse(text string) (Move, error) {
	w := strings.Fields(strings.ToLower(text))
	if len(w) == 0 {
		return Move{}, games.Refuse("no move: type moves to list them; for example play sniper A0 cmd 1, use B2, buy agent, assign graveyard A, end")
	}
	verb, args := w[0], w[1:]
	switch verb {
	case "play":
		return parsePlay(args)
	case "use", "kill", "extract", "turn", "revive":
		if len(args) != 1 {
			return Move{}, games.Refuse("%s which agent? write it like %s A2", verb, verb)
		}
		f, p, err := parseRef(args[0])
		if err != nil {
			return Move{}, err
		}
		return Move{Kind: kindOf(verb), F: f, P: p}, nil
	case "swap":
		if len(args) != 2 {
			return Move{}, games.Refuse("swap which two agents? write it like swap A1 A3")
		}
		f, p, err := parseRef(args[0])
		if err != nil {
			return Move{}, err
		}
		f2, p2, err := parseRef(args[1])
		if err != nil {
			return Move{}, err
		}
		if f2 < f || (f2 == f && p2 < p) {
			f, p, f2, p2 = f2, p2, f, p
		}
		return Move{Kind: MoveSwap, F: f, P: p, F2: f2, P2: p2}, nil
	case "buy":
		switch strings.Join(args, " ") {
		case "agent", "an agent":
			return Move{Kind: MoveBuyAgent}, nil
		case "mission", "a mission":
			return Move{Kind: MoveBuyMission}, nil
		}
		return Move{}, games.Refuse("buy what? buy agent (1 IP) or buy mission (3 IP)")
	case "draw", "end", "pass":
		if len(args) > 0 && !(verb == "end" && strings.Join(args, " ") == "turn") {
			return Move{}, games.Refuse("%q is not a move: type moves to list them; for example play sniper A0 cmd 1, use B2, buy agent, assign graveyard A, end", strings.TrimSpace(text))
		}
		if verb == "draw" {
			return Move{Kind: MoveDraw}, nil
		}
		return End, nil
	case "trade", "assign", "recall", "move":
		return parseMission(verb, args)
	case "take":
		if len(args) == 0 {
			return Move{}, games.Refuse("take which agent? write it like take sniper")
		}
		a, ok := AgentByKey(strings.Join(args, " "))
		if !ok {
			return Move{}, games.Refuse("there is no agent called %q", strings.Join(args, " "))
		}
		return Move{Kind: MoveTake, Card: a.Key}, nil
	case "spy", "steal":
		if len(args) != 1 {
			return Move{}, games.Refuse("%s on whom? write it like %s 1 (a seat number)", verb, verb)
		}
		s, err := parseSeat(args[0])
		if err != nil {
			return Move{}, err
		}
		return Move{Kind: kindOf(verb), Seat: s}, nil
	}
	return Move{}, games.Refuse("%q is not a move: type moves to list them; for example play sniper A0 cmd 1, use B2, buy agent, assign graveyard A, end", strings.TrimSpace(text))
}

func kindOf(verb string) MoveKind {
	for k, v := range verbs {
		if v == verb {
			return k
		}
	}
	return 0
}

// parsePlay reads "KEY A0 cmd 1" or "KEY cmd 1 ip 0".
func parsePlay(args []string) (Move, error) {
	i := 0
	for i < len(args) && args[i] != "cmd" && !isRef(args[i]) {
		i++
	}
	if i == 0 {
		return Move{}, games.Refuse("play which agent? write it like play sniper A0 cmd 1")
	}
	a, ok := AgentByKey(strings.Join(args[:i], " "))
	if !ok {
		return Move{}, games.Refuse("there is no agent called %q", strings.Join(args[:i], " "))
	}
	m := Move{Kind: MovePlay, Card: a.Key}
	rest := args[i:]
	if len(rest) > 0 && isRef(rest[0]) {
		f, p, err := parseRef(rest[0])
		if err != nil {
			return Move{}, err
		}
		m.F, m.P = f, p
		rest = rest[1:]
		if len(rest) != 2 || rest[0] != "cmd" {
			return Move{}, games.Refuse("which way? end the move with cmd and the seat the command faces: play %s %s cmd 1", a.Key, ref(f, p))
		}
	} else if len(rest) != 4 || rest[0] != "cmd" || rest[2] != "ip" {
		return Move{}, games.Refuse("where? play %s A0 cmd 1 (a faction slot) or play %s cmd 1 ip 0 (a Free Agent)", a.Key, a.Key)
	}
	s, err := parseSeat(rest[1])
	if err != nil {
		return Move{}, err
	}
	m.Cmd = s
	if m.F == 0 {
		if m.IP, err = parseSeat(rest[3]); err != nil {
			return Move{}, err
		}
	}
	return m, nil
}

// parseMission reads the arguments of trade, assign, recall and move: a
// mission (key or name) and faction letters.
func parseMission(verb string, args []string) (Move, error) {
	want := map[string]int{"trade": -1, "assign": 1, "recall": 1, "move": 2}[verb]
	n := 0
	for n < len(args) && n < 2 && len(args[len(args)-1-n]) == 1 {
		n++
	}
	if want >= 0 && n > want {
		n = want
	}
	if want < 0 && n > 1 {
		n = 1
	}
	if want >= 0 && n != want {
		ex := map[string]string{"assign": "assign graveyard A", "recall": "recall graveyard A", "move": "move graveyard A B"}[verb]
		return Move{}, games.Refuse("write it like %s", ex)
	}
	key := strings.Join(args[:len(args)-n], " ")
	if key == "" {
		return Move{}, games.Refuse("%s which mission? write it like %s graveyard", verb, verb)
	}
	ms, ok := MissionByKey(key)
	if !ok {
		return Move{}, games.Refuse("there is no mission called %q", key)
	}
	m := Move{Kind: kindOf(verb), Card: ms.Key}
	fs := args[len(args)-n:]
	for i, x := range fs {
		f := int(x[0]-'a') + 1
		if f < 1 || f > 26 {
			return Move{}, games.Refuse("%q is not a faction letter", x)
		}
		if i == 0 {
			m.F = f
		} else {
			m.F2 = f
		}
	}
	return m, nil
}

// isRef reports whether s looks like a faction reference such as "a3".
func isRef(s string) bool {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, r := range s[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// parseRef reads a faction letter and a number: "a3" is (1, 3).
func parseRef(s string) (f, p int, err error) {
	if !isRef(s) || len(s) > 3 {
		return 0, 0, games.Refuse("%q is not a place: write a faction letter and a position, like A2", s)
	}
	p, _ = strconv.Atoi(s[1:])
	return int(s[0]-'a') + 1, p, nil
}

func parseSeat(s string) (games.Seat, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 9 || len(s) > 1 {
		return 0, games.Refuse("%q is not a seat number", s)
	}
	return games.Seat(n), nil
}

// Parse reads a move; see the package function Parse.
func (g *Game) Parse(text string) (games.Move, error) {
	m, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return m, nil
}
