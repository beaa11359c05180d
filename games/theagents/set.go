package theagents

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/games"
)

// The card set. The published card list of The Agents is not public, so the
// project designs its own within the rulebook's frame (rules: 36 agent cards
// of at least 20 different agents, at least 6 Free Agents and 2 Mercenaries,
// 20 missions, 5 Safe-Houses). Everything about a card is data here; the
// engine reads nothing else.

// Colour is the colour of an agent's data-token halves.
type Colour string

// The two colours.
const (
	White Colour = "white"
	Black Colour = "black"
)

// CommandKind is what a command does.
type CommandKind string

// The command kinds. The first five act on agents in factions; the others
// are the Free Agents' own.
const (
	Kill        CommandKind = "kill"         // flip a living agent face down
	Extract     CommandKind = "extract"      // take an agent into your hand
	Turn        CommandKind = "turn"         // rotate a living agent 180°
	Swap        CommandKind = "swap"         // exchange two agents of one faction
	Revive      CommandKind = "revive"       // turn a dead agent face up
	Draw        CommandKind = "draw"         // draw N agents
	DrawMission CommandKind = "draw_mission" // draw N missions
	Spy         CommandKind = "spy"          // look at a hand, take an agent from it
	Steal       CommandKind = "steal"        // take N IP from a player
)

// Scope is where a command may reach.
type Scope string

// The scopes of the commands that act on agents.
const (
	Self      Scope = "self"     // the command's own card
	Adjacent  Scope = "adjacent" // the agents right next to the card
	InFaction Scope = "faction"  // any other agent of the card's faction
	Anywhere  Scope = "any"      // any agent in any faction
)

// Command is an agent's command: a kind, where it reaches, and an amount
// for the kinds that have one.
type Command struct {
	Kind  CommandKind `json:"kind"`
	Scope Scope       `json:"scope,omitempty"`
	N     int         `json:"n,omitempty"`
}

// OnAgents reports whether the command acts on agents in factions.
func (c Command) OnAgents() bool {
	switch c.Kind {
	case Kill, Extract, Turn, Swap, Revive:
		return true
	}
	return false
}

// Text is the command in words, as printed on the card.
func (c Command) Text() string {
	where := map[Scope]string{
		Self:      "this agent",
		Adjacent:  "an agent next to this one",
		InFaction: "another agent of this faction",
		Anywhere:  "an agent in any faction",
	}[c.Scope]
	switch c.Kind {
	case Kill:
		return "Kill " + where + "."
	case Extract:
		return "Extract " + where + " into your hand."
	case Turn:
		return "Turn " + where + "."
	case Revive:
		return "Revive " + strings.Replace(where, "an agent", "a dead agent", 1) + "."
	case Swap:
		switch c.Scope {
		case Adjacent:
			return "Swap the two agents on either side of this one."
		case InFaction:
			return "Swap two other agents of this faction."
		}
		return "Swap two agents of any one faction."
	case Draw:
		return fmt.Sprintf("Draw %d agents.", c.N)
	case DrawMission:
		return fmt.Sprintf("Draw %d mission.", c.N)
	case Spy:
		return "Look at a player's hand and take an agent from it."
	case Steal:
		return fmt.Sprintf("Take %d IP from a player.", c.N)
	}
	return ""
}

// Agent is one agent of the set, of which there are Count cards.
type Agent struct {
	// Key is the agent's name in the move notation, such as "sniper".
	Key     string  `json:"key"`
	Name    string  `json:"name"`
	Flavour string  `json:"flavour"`
	Count   int     `json:"count"`
	Command Command `json:"command"`
	// Colour is the colour of a faction agent's token halves.
	Colour Colour `json:"colour,omitempty"`
	// Free agents are played between two players, not to a faction; IP is
	// the number on their data token.
	Free bool `json:"free,omitempty"`
	IP   int  `json:"ip,omitempty"`
	// A Mercenary may be played outside its owner's turn and uses no action.
	Mercenary bool `json:"mercenary,omitempty"`
	// InsertAnywhere agents may be placed between two cards of a faction.
	InsertAnywhere bool `json:"insert_anywhere,omitempty"`
	// AnyFaction agents may be played to a faction of two other players.
	AnyFaction bool `json:"any_faction,omitempty"`
}

// Text is the agent's rules text.
func (a Agent) Text() string {
	t := a.Command.Text()
	if a.Free {
		t = fmt.Sprintf("Free Agent, %d IP. %s", a.IP, t)
	}
	if a.Mercenary {
		t = "Mercenary: may be played outside your turn, uses no action. " + t
	}
	if a.InsertAnywhere {
		t += " May be placed anywhere in a faction."
	}
	if a.AnyFaction {
		t += " May be played to any faction, even one of two other players."
	}
	return t
}

// ConditionKind is what a mission asks of a faction.
type ConditionKind string

// The mission conditions, each about one faction as seen by the mission's
// owner ("you"); "the other player" is the faction's other player.
const (
	CondDead         ConditionKind = "dead"          // at least N dead agents
	CondNoDead       ConditionKind = "no_dead"       // at least N agents, none dead
	CondFull         ConditionKind = "full"          // the faction is at its size limit
	CondColourTokens ConditionKind = "colour_tokens" // at least N tokens of Colour facing you
	CondMixedTokens  ConditionKind = "mixed_tokens"  // at least N mixed tokens facing you
	CondTokens       ConditionKind = "tokens"        // at least N tokens facing you
	CondFacing       ConditionKind = "facing"        // at least N commands facing you
	CondAway         ConditionKind = "away"          // at least N commands facing the other player
	CondLoyal        ConditionKind = "loyal"         // at least N agents, all alive, all commands facing you
	CondMoreTokens   ConditionKind = "more_tokens"   // more token IP facing you than the other player
	CondEnds         ConditionKind = "ends"          // both end cards are living agents commanding you
	CondAlone        ConditionKind = "alone"         // exactly N agents
	CondDeadDrop     ConditionKind = "dead_drop"     // a dead agent next to the Safe-House
)

// Condition is a mission's condition.
type Condition struct {
	Kind   ConditionKind `json:"kind"`
	N      int           `json:"n,omitempty"`
	Colour Colour        `json:"colour,omitempty"`
}

// Text is the condition in words.
func (c Condition) Text() string {
	switch c.Kind {
	case CondDead:
		return fmt.Sprintf("At least %d dead agents.", c.N)
	case CondNoDead:
		return fmt.Sprintf("At least %d agents and none dead.", c.N)
	case CondFull:
		return "The faction is full."
	case CondColourTokens:
		return fmt.Sprintf("At least %d %s tokens facing you.", c.N, c.Colour)
	case CondMixedTokens:
		return fmt.Sprintf("At least %d mixed token facing you.", c.N)
	case CondTokens:
		return fmt.Sprintf("At least %d complete tokens facing you.", c.N)
	case CondFacing:
		return fmt.Sprintf("At least %d living agents' commands facing you.", c.N)
	case CondAway:
		return fmt.Sprintf("At least %d living agents' commands facing the other player.", c.N)
	case CondLoyal:
		return fmt.Sprintf("At least %d agents, all alive, every command facing you.", c.N)
	case CondMoreTokens:
		return "More token IP facing you than the other player."
	case CondEnds:
		return "Both end cards are living agents whose commands face you."
	case CondAlone:
		return fmt.Sprintf("Exactly %d agent.", c.N)
	case CondDeadDrop:
		return "A dead agent next to the Safe-House."
	}
	return ""
}

// Mission is one mission of the set, of which there are Count cards.
type Mission struct {
	// Key is the mission's name in the move notation, such as "graveyard".
	Key       string    `json:"key"`
	Name      string    `json:"name"`
	Flavour   string    `json:"flavour"`
	Count     int       `json:"count"`
	Condition Condition `json:"condition"`
	// Reward is the IP paid at the end of each of the owner's turns while
	// the condition holds.
	Reward int `json:"reward"`
}

// Text is the mission's rules text.
func (m Mission) Text() string {
	return fmt.Sprintf("%s %d IP.", m.Condition.Text(), m.Reward)
}

// SafeHouse is one Safe-House card: white halves on one side, black on the
// other.
type SafeHouse struct {
	Name    string `json:"name"`
	Flavour string `json:"flavour"`
}

// CardSet is the whole set of cards.
type CardSet struct {
	Agents     []Agent     `json:"agents"`
	Missions   []Mission   `json:"missions"`
	SafeHouses []SafeHouse `json:"safe_houses"`
	// AgentCards and MissionCards count the cards (copies included).
	AgentCards   int `json:"agent_cards"`
	MissionCards int `json:"mission_cards"`
}

var agents = []Agent{
	{Key: "sniper", Name: "Sniper", Count: 2, Colour: Black, Command: Command{Kind: Kill, Scope: InFaction},
		Flavour: "Used to cover the team. Now picks them off, one by one."},
	{Key: "cutthroat", Name: "Cutthroat", Count: 1, Colour: White, Command: Command{Kind: Kill, Scope: Adjacent},
		Flavour: "Never trust the one standing next to you."},
	{Key: "assassin", Name: "Assassin", Count: 1, Colour: Black, Command: Command{Kind: Kill, Scope: Anywhere},
		Flavour: "The Agency's pension plan, delivered in person."},
	{Key: "handler", Name: "Handler", Count: 1, Colour: White, Command: Command{Kind: Extract, Scope: Adjacent},
		Flavour: "Still has a few phone numbers that work."},
	{Key: "exfiltrator", Name: "Exfiltrator", Count: 1, Colour: Black, Command: Command{Kind: Extract, Scope: InFaction},
		Flavour: "Gets anyone out of anywhere, for a price."},
	{Key: "headhunter", Name: "Headhunter", Count: 1, Colour: White, AnyFaction: true, Command: Command{Kind: Extract, Scope: InFaction},
		Flavour: "Poaches talent from every faction in town."},
	{Key: "double-agent", Name: "Double Agent", Count: 2, Colour: Black, Command: Command{Kind: Turn, Scope: Adjacent},
		Flavour: "Whispers to the neighbours until they change sides."},
	{Key: "interrogator", Name: "Interrogator", Count: 2, Colour: White, Command: Command{Kind: Turn, Scope: InFaction},
		Flavour: "Everyone talks. Everyone turns."},
	{Key: "propagandist", Name: "Propagandist", Count: 1, Colour: Black, Command: Command{Kind: Turn, Scope: Anywhere},
		Flavour: "Rewrites loyalties from a basement radio."},
	{Key: "forger", Name: "Forger", Count: 1, Colour: White, Command: Command{Kind: Swap, Scope: Adjacent},
		Flavour: "Two passports, two faces, switched overnight."},
	{Key: "courier", Name: "Courier", Count: 1, Colour: Black, Command: Command{Kind: Swap, Scope: InFaction},
		Flavour: "Moves people around like parcels."},
	{Key: "fixer", Name: "Fixer", Count: 1, Colour: White, Command: Command{Kind: Swap, Scope: Anywhere},
		Flavour: "Rearranges any outfit with one phone call."},
	{Key: "medic", Name: "Field Medic", Count: 2, Colour: Black, Command: Command{Kind: Revive, Scope: Adjacent},
		Flavour: "Patches up whoever falls beside her."},
	{Key: "surgeon", Name: "Surgeon", Count: 1, Colour: White, Command: Command{Kind: Revive, Scope: InFaction},
		Flavour: "Struck off the register, still the best in the business."},
	{Key: "resurrectionist", Name: "Resurrectionist", Count: 1, Colour: Black, Command: Command{Kind: Revive, Scope: Anywhere},
		Flavour: "Declared dead three times. Brings others back too."},
	{Key: "turncoat", Name: "Turncoat", Count: 2, Colour: White, Command: Command{Kind: Turn, Scope: Self},
		Flavour: "Switches sides as soon as anyone looks at him."},
	{Key: "mole", Name: "Mole", Count: 2, Colour: White, InsertAnywhere: true, Command: Command{Kind: Turn, Scope: Adjacent},
		Flavour: "Digs in wherever nobody is watching."},
	{Key: "drifter", Name: "Drifter", Count: 1, Colour: Black, AnyFaction: true, Command: Command{Kind: Extract, Scope: InFaction},
		Flavour: "Belongs to nobody, turns up everywhere."},
	{Key: "ghost", Name: "Ghost", Count: 1, Colour: White, InsertAnywhere: true, AnyFaction: true, Command: Command{Kind: Swap, Scope: Adjacent},
		Flavour: "Officially never existed. Walks through walls."},
	{Key: "mercenary", Name: "Mercenary", Count: 2, Colour: Black, Mercenary: true, Command: Command{Kind: Kill, Scope: Adjacent},
		Flavour: "Works for whoever paid last, whenever it suits."},
	{Key: "soldier", Name: "Soldier of Fortune", Count: 1, Colour: White, Mercenary: true, Command: Command{Kind: Turn, Scope: InFaction},
		Flavour: "Has fought on every side, sometimes in the same week."},
	{Key: "informant", Name: "Informant", Count: 2, Free: true, IP: 1, Command: Command{Kind: Draw, N: 2},
		Flavour: "Knows a man who knows a man."},
	{Key: "pickpocket", Name: "Pickpocket", Count: 1, Free: true, IP: 1, Command: Command{Kind: Spy},
		Flavour: "Your wallet, your secrets, your best agent."},
	{Key: "blackmailer", Name: "Blackmailer", Count: 1, Free: true, IP: 1, Command: Command{Kind: Steal, N: 4},
		Flavour: "Kept the photographs. Kept copies too."},
	{Key: "hitman", Name: "Hitman", Count: 1, Free: true, IP: 2, Mercenary: true, Command: Command{Kind: Kill, Scope: Anywhere},
		Flavour: "In and out before the coffee cools."},
	{Key: "smuggler", Name: "Smuggler", Count: 1, Free: true, IP: 1, Command: Command{Kind: Extract, Scope: Anywhere},
		Flavour: "Has a boat, a van and no questions."},
	{Key: "saboteur", Name: "Saboteur", Count: 1, Free: true, IP: 1, Command: Command{Kind: Turn, Scope: Anywhere},
		Flavour: "One loose wire and the whole cell faces the wrong way."},
	{Key: "archivist", Name: "Archivist", Count: 1, Free: true, IP: 4, Command: Command{Kind: DrawMission, N: 1},
		Flavour: "Smuggled out the files before the shredders came."},
}

var missions = []Mission{
	{Key: "graveyard", Name: "Graveyard Shift", Count: 2, Reward: 2, Condition: Condition{Kind: CondDead, N: 2},
		Flavour: "Quiet faction. Very quiet."},
	{Key: "massacre", Name: "Clean Sweep", Count: 2, Reward: 4, Condition: Condition{Kind: CondDead, N: 3},
		Flavour: "Leave no witnesses."},
	{Key: "clean-hands", Name: "Clean Hands", Count: 2, Reward: 2, Condition: Condition{Kind: CondNoDead, N: 4},
		Flavour: "Bring everyone home alive."},
	{Key: "full-house", Name: "Full House", Count: 1, Reward: 3, Condition: Condition{Kind: CondFull},
		Flavour: "Recruit until the safe-house bursts."},
	{Key: "white-network", Name: "White Network", Count: 1, Reward: 3, Condition: Condition{Kind: CondColourTokens, N: 2, Colour: White},
		Flavour: "Clean money, clean files."},
	{Key: "black-network", Name: "Black Network", Count: 2, Reward: 3, Condition: Condition{Kind: CondColourTokens, N: 2, Colour: Black},
		Flavour: "Nothing on paper, everything on record."},
	{Key: "grey-zone", Name: "Grey Zone", Count: 1, Reward: 1, Condition: Condition{Kind: CondMixedTokens, N: 1},
		Flavour: "Half true is good enough."},
	{Key: "chain-of-command", Name: "Chain of Command", Count: 2, Reward: 3, Condition: Condition{Kind: CondFacing, N: 3},
		Flavour: "They still take orders. Yours."},
	{Key: "delegation", Name: "Delegation", Count: 1, Reward: 2, Condition: Condition{Kind: CondAway, N: 3},
		Flavour: "Let the neighbour do the dirty work."},
	{Key: "loyalty", Name: "Total Loyalty", Count: 1, Reward: 4, Condition: Condition{Kind: CondLoyal, N: 2},
		Flavour: "Every one of them would die for you. None has."},
	{Key: "data-haul", Name: "Data Haul", Count: 1, Reward: 3, Condition: Condition{Kind: CondTokens, N: 3},
		Flavour: "Download everything, sort it out later."},
	{Key: "upper-hand", Name: "Upper Hand", Count: 1, Reward: 1, Condition: Condition{Kind: CondMoreTokens},
		Flavour: "Know more than the one across the table."},
	{Key: "cornered", Name: "Cornered", Count: 1, Reward: 2, Condition: Condition{Kind: CondEnds},
		Flavour: "Hold both doors."},
	{Key: "lone-wolf", Name: "Lone Wolf", Count: 1, Reward: 2, Condition: Condition{Kind: CondAlone, N: 1},
		Flavour: "One agent, no leaks."},
	{Key: "dead-drop", Name: "Dead Drop", Count: 1, Reward: 1, Condition: Condition{Kind: CondDeadDrop},
		Flavour: "Leave the package with the one who can't talk."},
}

var safeHouses = []SafeHouse{
	{Name: "The Bakery", Flavour: "Fresh bread at six, fresh passports at seven."},
	{Name: "The Lighthouse", Flavour: "Sees every ship, signals only some."},
	{Name: "The Laundromat", Flavour: "Washes clothes, money and identities."},
	{Name: "The Embassy Annex", Flavour: "Diplomatic immunity, no questions asked."},
	{Name: "The Houseboat", Flavour: "Moves every night, never far."},
}

// Set returns the card set (a copy: changing it changes nothing).
func Set() CardSet {
	s := CardSet{
		Agents:     append([]Agent(nil), agents...),
		Missions:   append([]Mission(nil), missions...),
		SafeHouses: append([]SafeHouse(nil), safeHouses...),
	}
	for _, a := range agents {
		s.AgentCards += a.Count
	}
	for _, m := range missions {
		s.MissionCards += m.Count
	}
	return s
}

// Text lists the set in plain text, one card a line.
func (s CardSet) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "The Agents: %d agent cards (%d different), %d missions (%d different), %d Safe-Houses.\n\n",
		s.AgentCards, len(s.Agents), s.MissionCards, len(s.Missions), len(s.SafeHouses))
	b.WriteString("Agents\n")
	for _, a := range s.Agents {
		kind := string(a.Colour)
		if a.Free {
			kind = "free"
		}
		fmt.Fprintf(&b, "  %d× %-18s %-16s %-5s %s\n       %q\n", a.Count, a.Name, a.Key, kind, a.Text(), a.Flavour)
	}
	b.WriteString("\nMissions\n")
	for _, m := range s.Missions {
		fmt.Fprintf(&b, "  %d× %-18s %-16s %s\n       %q\n", m.Count, m.Name, m.Key, m.Text(), m.Flavour)
	}
	b.WriteString("\nSafe-Houses (white halves toward one player, black toward the other)\n")
	for _, h := range s.SafeHouses {
		fmt.Fprintf(&b, "  %-18s %q\n", h.Name, h.Flavour)
	}
	return b.String()
}

// Card ids: the agent cards are numbered from 0 in the order of the set,
// copies of one agent together; so are the missions.
var (
	agentOf   []int // agent card id → index in agents
	missionOf []int // mission card id → index in missions
)

// agentByKey and missionByKey find agents and missions by their exact
// keys.
var (
	agentByKey   map[string]int
	missionByKey map[string]int
)

func init() {
	agentByKey, agentOf = index(agents, func(a Agent) (string, int) { return a.Key, a.Count })
	missionByKey, missionOf = index(missions, func(m Mission) (string, int) { return m.Key, m.Count })
}

// index maps each card of cards by its key, and numbers its copies: the
// card ids, copies of one card together, each naming its index in cards.
func index[C any](cards []C, keyCount func(C) (string, int)) (byKey map[string]int, of []int) {
	byKey = map[string]int{}
	for i, c := range cards {
		key, n := keyCount(c)
		byKey[key] = i
		for range n {
			of = append(of, i)
		}
	}
	return byKey, of
}

// agentCard returns the agent of agent card id.
func agentCard(id int) *Agent { return &agents[agentOf[id]] }

// missionCard returns the mission of mission card id.
func missionCard(id int) *Mission { return &missions[missionOf[id]] }

// AgentByKey finds an agent by its key or name, in any case, with or
// without spaces and hyphens.
func AgentByKey(key string) (Agent, bool) {
	return find(agents, agentByKey, key, func(a Agent) (string, string) { return a.Key, a.Name })
}

// MissionByKey finds a mission by its key or name, like AgentByKey.
func MissionByKey(key string) (Mission, bool) {
	return find(missions, missionByKey, key, func(m Mission) (string, string) { return m.Key, m.Name })
}

// find finds the card of cards whose key is key (byKey says where), else
// the first whose key or name is key squashed alike.
func find[C any](cards []C, byKey map[string]int, key string, names func(C) (key, name string)) (C, bool) {
	if i, ok := byKey[key]; ok {
		return cards[i], true
	}
	k := squash(key)
	for _, c := range cards {
		if ck, cn := names(c); squash(ck) == k || squash(cn) == k {
			return c, true
		}
	}
	var none C
	return none, false
}

// squash lowercases s and drops spaces, hyphens, underscores and apostrophes.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\'', '’':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// The Agents lists its designed card set.
var _ games.CardLister = (*Game)(nil)

// CardSet is the game's card set (Set), for `dealer cards theagents --json`.
func (g *Game) CardSet() any { return Set() }

// CardSetText is the card set in plain text (Set().Text()).
func (g *Game) CardSetText() string { return Set().Text() }
