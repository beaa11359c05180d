// Package theagents is Saar Shai's The Agents for 2 to 5 players: factions
// of agents built between neighbours, commands that kill, extract, turn,
// swap and revive, data tokens worth Intel Points (IP), missions, and a race
// to 40 IP. The rules are ../shared/rules/the-agents.md; the card set, which
// the project designs, is in set.go (Set, CardSet.Text).
//
// # Table
//
// Seats 0 … n-1 sit clockwise. Faction i (named A, B, … from i = 0) lies
// between seat i and seat i+1 (mod n), its Players; with two players there
// are two factions, A between 0 and 1 and B between 1 and 0. Each faction
// starts with its Safe-House (set.SafeHouses[i]), whose white halves face
// Players[0] and black halves Players[1], so each player has white facing
// him in one faction and black in the other. A faction holds at most 7
// agents with two players and 5 otherwise, dead ones counted.
//
// A card in a faction faces one of its two players with its command (Cmd)
// and the other with its token halves. Two neighbouring cards whose halves
// face the same player make a token for him: 2 IP if the colours match, 1 if
// not. The Safe-House has halves facing both players; a dead agent has none.
//
// # The deal
//
// Game deal number N draws everything from one cards.NewRand(N), in this
// order: the first player (Below(n)); the shuffle of the agent cards 0 … 35
// and then of the mission cards 0 … 19 (card ids in the order of the set,
// copies together), each a Fisher–Yates as cards.Rand.Shuffle (for i = len-1
// … 1 swap i with Below(i+1)); index 0 is the top. Three rounds of one agent
// each, then one mission each, are dealt from the first player clockwise.
// Each seat then holds its StartIP for its place in turn order (no random
// draw: the deal is the same as before that rule), or 0 IP under rules
// version 1, which tables opened before that rule keep (NewUnder). During play, a deck that runs out is refilled by shuffling its retirement
// pile with the same generator.
//
// # A turn
//
// The player whose turn it is takes exactly two actions: play an agent, use
// (re-activate) a command facing him, buy an agent (1 IP) or a mission (3
// IP), trade a mission, or — with no agent in hand and no IP — draw an agent.
// Playing a Mercenary uses no action, and others may play theirs outside
// their turn (ToAct lists them after the seat the game waits on). Missions
// are assigned, recalled and moved freely during the turn (at most
// ShiftsPerTurn times). After the two actions the player ends the turn and
// collects his tokens and missions. A player with no possible action may end
// the turn at once.
//
// When a command is performed, the player it faces chooses its targets: the
// game then waits on that player (ToAct returns that seat alone) until he
// has chosen. A command with one possible choice is performed at once; one
// with none is not performed. A Free Agent is played only when its command
// can be performed; its IP is paid once the command is done, and it is
// retired.
//
// Once the player whose turn it is has held 40 IP at any moment of that
// turn (as it begins, after any move, or after scoring; IP spent again
// before the turn ends still counts), the round is played out to the seat
// before the first player; the most IP wins, ties shared. IP a player gains
// in another's turn counts from the start of his own. A game that has not
// reached 40 IP after MaxRounds rounds ends the same way.
//
// A mission is never assigned to a faction that already holds the same
// mission, whoever owns it; each player has at most two missions on a
// faction.
//
// # Notation
//
// Moves are short lines of text, case-insensitive; Move.String writes the
// canonical form, which Parse reads back. KEY is an agent's or a mission's
// key from the set (its name is accepted too: "double agent", "Field
// Medic"). A place is a faction letter and a number: for cards, A1 is the
// first card of faction A (the Safe-House counts); for plays, A0 is the slot
// before the first card and An the slot after the n-th, so A0 and the last
// slot are the two ends. Seats are numbers from 0.
//
//	play KEY A0 cmd 1      play a faction agent to slot A0, command toward seat 1
//	play KEY cmd 1 ip 0    play a Free Agent: command toward seat 1, IP toward seat 0
//	use B2                 re-activate the command of card B2, which faces you
//	buy agent              buy the top agent (1 IP); buy mission: the top mission (3 IP)
//	draw                   draw an agent (only with no agent in hand and no IP)
//	trade KEY              trade a mission from hand; trade KEY A: one on faction A
//	assign KEY A           assign a mission from hand to faction A
//	recall KEY A           take your mission on faction A back to hand
//	move KEY A B           move your mission from faction A to faction B
//	end                    end the turn (also "pass", "end turn")
//	kill A2                choices of a command: kill, extract, turn, revive a card,
//	swap A1 A3             swap two cards of one faction (written in board order),
//	spy 2                  look at seat 2's hand (the Pickpocket), then
//	take KEY               take an agent from it,
//	steal 2                take IP from seat 2 (the Blackmailer).
//
// # Views
//
// View(seat) shows that seat's own agents and missions and everything public:
// hand sizes, every faction with each card's orientation and state and its
// complete tokens, the Safe-Houses, assigned missions (public), IP and each
// player's income if his turn ended now, deck sizes and the face-up
// retirement piles, whose turn it is, actions left, and a pending command
// (with, for the performer of a spy, the hand looked at). View(games.Spectator)
// shows no hand. State holds everything, for tests and the scripted mode.
//
// # Computer players
//
// Choose plays a seat from its view alone; PlayOut plays a whole game among
// computer players and Summary reports it. See ai.go for the tactics.
// ComputerSeeded gives a computer player at a level (games.Easy, games.Normal,
// which is Choose, or games.Hard, which searches over deals of the cards it
// cannot see); see level.go and search.go.
//
// # Decisions
//
// Beyond those of the rules file: each seat starts with StartIP, by its
// place in turn order, so that no seat wins more than its share (found by
// simulation among computer players); the goal is checked after every move for
// the player whose turn it is, and for the others as their turns begin; a
// Mercenary may be played outside its owner's turn only while no
// command waits for a choice; swaps exchange two agents of one faction; a
// Free Agent's Spy takes an agent card; Steal takes what the victim has up to
// its amount; free mission moves are bounded per turn; a player who cannot
// take an action may end his turn; MaxRounds ends endless games.
package theagents
