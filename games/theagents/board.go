package theagents

import "github.com/dealer/dealer/games"

// The board: the factions on the table, all public. The engine and the
// computer player share these types and functions, so the computer player
// works out tokens, missions and command targets from its view exactly as the
// engine scores them.

// Placed is one card in a faction's row: an agent or the Safe-House.
type Placed struct {
	// ID is the agent card's id, or for a Safe-House its index in the set.
	ID int `json:"id"`
	// Agent is the agent's key; empty for the Safe-House.
	Agent     string `json:"agent,omitempty"`
	SafeHouse bool   `json:"safe_house,omitempty"`
	// Colour is the colour of an agent's token halves.
	Colour Colour `json:"colour,omitempty"`
	// Cmd is the seat the command faces; the token halves face the other
	// player of the faction. -1 for the Safe-House.
	Cmd  games.Seat `json:"cmd"`
	Dead bool       `json:"dead,omitempty"`
}

// Assigned is a mission assigned to a faction, and whose it is.
type Assigned struct {
	ID      int        `json:"id"`
	Mission string     `json:"mission"`
	Owner   games.Seat `json:"owner"`
}

// Faction is one faction: a row of cards between two players.
type Faction struct {
	// Name is the faction's letter in the notation: A, B, …
	Name string `json:"name"`
	// Players are the two players the faction lies between. The
	// Safe-House's white halves face Players[0], its black halves Players[1].
	Players [2]games.Seat `json:"players"`
	// Cards is the row, from position 1 (Cards[0]) on.
	Cards []Placed `json:"cards"`
	// Limit is the most agents the faction may hold (dead ones count, the
	// Safe-House does not).
	Limit    int        `json:"limit"`
	Missions []Assigned `json:"missions"`
}

// Token is a complete data token: two neighbouring halves facing one player.
type Token struct {
	// Pos is the position (from 1) of the token's left card.
	Pos int        `json:"pos"`
	For games.Seat `json:"for"`
	// Colour is white or black when both halves match, empty when mixed.
	Colour Colour `json:"colour,omitempty"`
	IP     int    `json:"ip"`
}

func (f *Faction) clone() Faction {
	c := *f
	c.Cards = append([]Placed(nil), f.Cards...)
	c.Missions = append([]Assigned{}, f.Missions...)
	return c
}

// cloneBoard copies a board with two allocations for all its rows and
// missions: each faction's slices are capped at their length, so that an
// append to one never runs into the next.
func cloneBoard(b []Faction) []Faction {
	nc, nm := 0, 0
	for i := range b {
		nc += len(b[i].Cards)
		nm += len(b[i].Missions)
	}
	cs := make([]Placed, 0, nc)
	ms := make([]Assigned, 0, nm)
	out := make([]Faction, len(b))
	for i := range b {
		out[i] = b[i]
		c0, m0 := len(cs), len(ms)
		cs = append(cs, b[i].Cards...)
		ms = append(ms, b[i].Missions...)
		out[i].Cards = cs[c0:len(cs):len(cs)]
		out[i].Missions = ms[m0:len(ms):len(ms)]
	}
	return out
}

// Has reports whether seat s is one of the faction's players.
func (f *Faction) Has(s games.Seat) bool { return f.Players[0] == s || f.Players[1] == s }

// Other returns the faction's player who is not s.
func (f *Faction) Other(s games.Seat) games.Seat {
	if f.Players[0] == s {
		return f.Players[1]
	}
	return f.Players[0]
}

// Agents counts the agents in the faction, dead ones included.
func (f *Faction) Agents() int {
	n := 0
	for _, c := range f.Cards {
		if !c.SafeHouse {
			n++
		}
	}
	return n
}

// Full reports whether the faction holds as many agents as it may.
func (f *Faction) Full() bool { return f.Agents() >= f.Limit }

// half returns the colour of card c's halves facing seat s, if it has any.
func (f *Faction) half(c Placed, s games.Seat) (Colour, bool) {
	switch {
	case c.SafeHouse:
		if s == f.Players[0] {
			return White, true
		}
		return Black, true
	case c.Dead:
		return "", false
	case c.Cmd != s:
		return c.Colour, true
	}
	return "", false
}

// Tokens lists the faction's complete data tokens, left to right.
func (f *Faction) Tokens() []Token {
	var out []Token
	for i := 0; i+1 < len(f.Cards); i++ {
		if t, ok := f.tokenAt(i); ok {
			out = append(out, t)
		}
	}
	return out
}

// tokenAt is the token of the cards at positions i and i+1 (from 0), if
// they make one: a pair of cards makes at most one token.
func (f *Faction) tokenAt(i int) (Token, bool) {
	for _, s := range f.Players {
		a, okA := f.half(f.Cards[i], s)
		b, okB := f.half(f.Cards[i+1], s)
		if !okA || !okB {
			continue
		}
		t := Token{Pos: i + 1, For: s, IP: 1}
		if a == b {
			t.Colour, t.IP = a, 2
		}
		return t, true
	}
	return Token{}, false
}

// Income is the token IP facing seat s in the faction.
func (f *Faction) Income(s games.Seat) int {
	n := 0
	for i := 0; i+1 < len(f.Cards); i++ {
		if t, ok := f.tokenAt(i); ok && t.For == s {
			n += t.IP
		}
	}
	return n
}

// Holds reports whether condition c holds on the faction for its owner s.
func (f *Faction) Holds(c Condition, s games.Seat) bool {
	var agents, dead, facing, away, tokens, mixed, colour int
	for _, p := range f.Cards {
		switch {
		case p.SafeHouse:
			continue
		case p.Dead:
			dead++
		case p.Cmd == s:
			facing++
		default:
			away++
		}
		agents++
	}
	for i := 0; i+1 < len(f.Cards); i++ {
		t, ok := f.tokenAt(i)
		if !ok || t.For != s {
			continue
		}
		tokens++
		if t.Colour == "" {
			mixed++
		} else if t.Colour == c.Colour {
			colour++
		}
	}
	switch c.Kind {
	case CondDead:
		return dead >= c.N
	case CondNoDead:
		return agents >= c.N && dead == 0
	case CondFull:
		return f.Full()
	case CondColourTokens:
		return colour >= c.N
	case CondMixedTokens:
		return mixed >= c.N
	case CondTokens:
		return tokens >= c.N
	case CondFacing:
		return facing >= c.N
	case CondAway:
		return away >= c.N
	case CondLoyal:
		return agents >= c.N && facing == agents
	case CondMoreTokens:
		return f.Income(s) > f.Income(f.Other(s))
	case CondEnds:
		if agents < 2 {
			return false
		}
		first, last := f.Cards[0], f.Cards[len(f.Cards)-1]
		return !first.SafeHouse && !first.Dead && first.Cmd == s && !last.SafeHouse && !last.Dead && last.Cmd == s
	case CondAlone:
		return agents == c.N
	case CondDeadDrop:
		for i, p := range f.Cards {
			if p.SafeHouse {
				return (i > 0 && f.Cards[i-1].Dead) || (i+1 < len(f.Cards) && f.Cards[i+1].Dead)
			}
		}
	}
	return false
}

// Loc is a card's place on the board: faction index and position from 0.
type Loc struct{ F, P int }

// scopeLocs lists the agents a command of scope sc on the card at src may
// reach (never the Safe-House, never the card itself unless sc is Self).
// src.F < 0 is a free agent, which reaches every faction.
func scopeLocs(b []Faction, src Loc, sc Scope) []Loc {
	var out []Loc
	add := func(f, p int) {
		if f < 0 || f >= len(b) || p < 0 || p >= len(b[f].Cards) || b[f].Cards[p].SafeHouse {
			return
		}
		if sc != Self && f == src.F && p == src.P {
			return
		}
		out = append(out, Loc{f, p})
	}
	switch {
	case sc == Self:
		add(src.F, src.P)
	case sc == Adjacent:
		add(src.F, src.P-1)
		add(src.F, src.P+1)
	case sc == InFaction && src.F >= 0:
		for p := range b[src.F].Cards {
			add(src.F, p)
		}
	default:
		for f := range b {
			for p := range b[f].Cards {
				add(f, p)
			}
		}
	}
	return out
}

// targets lists the choices of an agent command c on the card at src, as
// choice moves (kill A2, swap A1 A3, …). None means it cannot be performed.
func targets(b []Faction, src Loc, c Command) []Move {
	locs := scopeLocs(b, src, c.Scope)
	var out []Move
	if c.Kind == Swap {
		for i, x := range locs {
			for _, y := range locs[i+1:] {
				if x.F == y.F {
					out = append(out, Move{Kind: MoveSwap, F: x.F + 1, P: x.P + 1, F2: y.F + 1, P2: y.P + 1})
				}
			}
		}
		return out
	}
	for _, l := range locs {
		dead := b[l.F].Cards[l.P].Dead
		ok := map[CommandKind]bool{Kill: !dead, Turn: !dead, Revive: dead, Extract: true}[c.Kind]
		if ok {
			out = append(out, Move{Kind: choiceKind[c.Kind], F: l.F + 1, P: l.P + 1})
		}
	}
	return out
}

// choiceKind is the move that chooses the target of each agent command.
var choiceKind = map[CommandKind]MoveKind{
	Kill: MoveKill, Extract: MoveExtract, Turn: MoveTurn, Swap: MoveSwap, Revive: MoveRevive,
}

// perform applies choice move m to the board and returns the card it
// extracted, if any. m must be among targets.
func perform(b []Faction, m Move) (extracted Placed, ok bool) {
	f := &b[m.F-1]
	p := m.P - 1
	switch m.Kind {
	case MoveKill:
		f.Cards[p].Dead = true
	case MoveRevive:
		f.Cards[p].Dead = false
	case MoveTurn:
		f.Cards[p].Cmd = f.Other(f.Cards[p].Cmd)
	case MoveSwap:
		q := m.P2 - 1
		f.Cards[p], f.Cards[q] = f.Cards[q], f.Cards[p]
	case MoveExtract:
		extracted = f.Cards[p]
		f.Cards = append(f.Cards[:p:p], f.Cards[p+1:]...)
		return extracted, true
	}
	return Placed{}, false
}

// insert places card c at slot (0 … len) of faction f.
func insert(b []Faction, f, slot int, c Placed) {
	row := b[f].Cards
	row = append(row[:slot:slot], append([]Placed{c}, row[slot:]...)...)
	b[f].Cards = row
}

// missionIncome is what seat s's assigned missions pay on the board now.
func missionIncome(b []Faction, s games.Seat) int {
	n := 0
	for i := range b {
		for _, a := range b[i].Missions {
			if a.Owner != s {
				continue
			}
			if m, ok := MissionByKey(a.Mission); ok && b[i].Holds(m.Condition, s) {
				n += m.Reward
			}
		}
	}
	return n
}

// Income is what seat s would collect at the end of a turn on board b:
// tokens facing s in its factions, and its missions whose condition holds.
func Income(b []Faction, s games.Seat) int {
	n := missionIncome(b, s)
	for i := range b {
		if b[i].Has(s) {
			n += b[i].Income(s)
		}
	}
	return n
}

// incomes sets out[s] to Income(b, s) for every seat s, in one pass over
// the board: each token and each assigned mission pays one player.
func incomes(b []Faction, out *[MaxPlayers]int) {
	*out = [MaxPlayers]int{}
	for i := range b {
		f := &b[i]
		for k := 0; k+1 < len(f.Cards); k++ {
			if t, ok := f.tokenAt(k); ok {
				out[t.For] += t.IP
			}
		}
		for _, a := range f.Missions {
			if m, ok := MissionByKey(a.Mission); ok && f.Holds(m.Condition, a.Owner) {
				out[a.Owner] += m.Reward
			}
		}
	}
}
