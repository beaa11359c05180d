package theagents

import (
	"strconv"
	"strings"

	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// Controls offer a player's moves word by word from a menu: The Agents'
// moves are long phrases ("play mole A2 cmd 1"), too many for a button
// each. A player with no legal move has nothing to click. The menu's
// words are in p.Lang.
func Controls(_ game.View, p render.Params) render.Controls {
	if len(p.Legal) == 0 {
		return render.Controls{}
	}
	names, l := p.Names, p.Lang
	return render.Controls{Menu: &render.Menu{
		Word: func(prefix []string, w string) string { return Word(names, prefix, w, l) },
	}}
}

// verb labels a fixed word of the notation in l, and tells whether it is
// one.
func verb(word string, l lang.Lang) (string, bool) {
	switch word {
	case "play":
		return words.T(l, "Play an agent"), true
	case "use":
		return words.T(l, "Use an agent's command again"), true
	case "buy":
		return words.T(l, "Buy a card"), true
	case "draw":
		return words.T(l, "Draw an agent"), true
	case "trade":
		return words.T(l, "Trade a mission"), true
	case "assign":
		return words.T(l, "Assign a mission"), true
	case "recall":
		return words.T(l, "Recall a mission"), true
	case "move":
		return words.T(l, "Move a mission"), true
	case "end":
		return words.T(l, "End your turn"), true
	case "kill":
		return words.T(l, "Kill"), true
	case "extract":
		return words.T(l, "Extract"), true
	case "turn":
		return words.T(l, "Turn"), true
	case "revive":
		return words.T(l, "Revive"), true
	case "swap":
		return words.T(l, "Swap"), true
	case "spy":
		return words.T(l, "Look at a hand"), true
	case "take":
		return words.T(l, "Take an agent"), true
	case "steal":
		return words.T(l, "Steal IP from"), true
	case "cmd":
		return words.T(l, "command facing"), true
	case "ip":
		return words.T(l, "IP to"), true
	case "agent":
		return words.T(l, "an agent (1 IP)"), true
	case "mission":
		return words.T(l, "a mission (3 IP)"), true
	}
	return "", false
}

// Word labels a word of The Agents' notation for the move menus, in l,
// given the words before it: agents and missions by name (a mission with
// its reward), seats by player (names by seat), places by faction
// ("faction A, slot 2" where an agent is played, "faction A, card 2"
// elsewhere).
func Word(names []string, prefix []string, word string, l lang.Lang) string {
	if len(prefix) == 0 {
		if s, ok := verb(word, l); ok {
			return s
		}
		return word
	}
	last := prefix[len(prefix)-1]
	if n, err := strconv.Atoi(word); err == nil && n >= 0 && n < len(names) {
		switch last {
		case "cmd":
			return words.T(l, "command facing %s", names[n])
		case "ip":
			return words.T(l, "IP to %s", names[n])
		}
		return names[n]
	}
	if a, ok := game.AgentByKey(word); ok {
		return a.Name
	}
	if m, ok := game.MissionByKey(word); ok {
		return words.T(l, "%s (%d IP)", m.Name, m.Reward)
	}
	if s, ok := verb(word, l); ok {
		return s
	}
	if len(word) >= 2 && word[0] >= 'A' && word[0] <= 'E' {
		if n, err := strconv.Atoi(word[1:]); err == nil {
			if last == "play" || (len(prefix) >= 2 && prefix[0] == "play") {
				return words.T(l, "faction %c, slot %d", word[0], n)
			}
			return words.T(l, "faction %c, card %d", word[0], n)
		}
	}
	if len(word) == 1 && strings.Contains("ABCDE", word) {
		return words.T(l, "faction %s", word)
	}
	return word
}
