package theagents

import (
	"fmt"
	"strconv"
	"strings"

	game "github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
)

// Controls offer a player's moves word by word from a menu: The Agents'
// moves are long phrases ("play mole A2 cmd 1"), too many for a button
// each. A player with no legal move has nothing to click.
func Controls(_ game.View, p render.Params) render.Controls {
	if len(p.Legal) == 0 {
		return render.Controls{}
	}
	names := p.Names
	return render.Controls{Menu: &render.Menu{
		Word: func(prefix []string, w string) string { return Word(names, prefix, w) },
	}}
}

// taVerbs label the notation's fixed words.
var taVerbs = map[string]string{
	"play": "Play an agent", "use": "Use an agent's command again", "buy": "Buy a card", "draw": "Draw an agent",
	"trade": "Trade a mission", "assign": "Assign a mission", "recall": "Recall a mission", "move": "Move a mission",
	"end": "End your turn", "kill": "Kill", "extract": "Extract", "turn": "Turn", "revive": "Revive", "swap": "Swap",
	"spy": "Look at a hand", "take": "Take an agent", "steal": "Steal IP from", "cmd": "command facing", "ip": "IP to",
	"agent": "an agent (1 IP)", "mission": "a mission (3 IP)",
}

// Word labels a word of The Agents' notation for the move menus, given
// the words before it: agents and missions by name (a mission with its
// reward), seats by player (names by seat), places by faction ("faction A,
// slot 2" where an agent is played, "faction A, card 2" elsewhere).
func Word(names []string, prefix []string, word string) string {
	if len(prefix) == 0 {
		if s, ok := taVerbs[word]; ok {
			return s
		}
		return word
	}
	last := prefix[len(prefix)-1]
	if n, err := strconv.Atoi(word); err == nil && n >= 0 && n < len(names) {
		switch last {
		case "cmd":
			return "command facing " + names[n]
		case "ip":
			return "IP to " + names[n]
		}
		return names[n]
	}
	if a, ok := game.AgentByKey(word); ok {
		return a.Name
	}
	if m, ok := game.MissionByKey(word); ok {
		return fmt.Sprintf("%s (%d IP)", m.Name, m.Reward)
	}
	if s, ok := taVerbs[word]; ok {
		return s
	}
	if len(word) >= 2 && word[0] >= 'A' && word[0] <= 'E' {
		if n, err := strconv.Atoi(word[1:]); err == nil {
			if last == "play" || (len(prefix) >= 2 && prefix[0] == "play") {
				return fmt.Sprintf("faction %c, slot %d", word[0], n)
			}
			return fmt.Sprintf("faction %c, card %d", word[0], n)
		}
	}
	if len(word) == 1 && strings.Contains("ABCDE", word) {
		return "faction " + word
	}
	return word
}
