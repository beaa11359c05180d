package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dealer/dealer/games/theagents"
	"github.com/dealer/dealer/render"
)

func init() {
	painters["theagents"] = func(r *render.Renderer, v any, _ string, names []string) ([]byte, error) {
		return r.TheAgentsTable(v.(theagents.View), names)
	}
	privates["theagents"] = privateSpec{
		picture: func(b *Bot, view any, names []string, _ []string) ([]byte, error) {
			return b.render.TheAgentsHand(view.(theagents.View), names)
		},
		line: func(view any, names []string) string {
			v := view.(theagents.View)
			return fmt.Sprintf("Round %d. You have %d IP, %d %s and %d %s.", v.Turns/max(v.Players, 1)+1,
				v.IP[v.Viewer], len(v.Hand), plural(len(v.Hand), "agent", "agents"), len(v.Missions), plural(len(v.Missions), "mission", "missions"))
		},
		tree: theAgentsWord,
	}
}

// theAgentsWord labels a word of The Agents' notation for the move menus:
// agents and missions by name, seats by player, places by faction.
func theAgentsWord(view any, names []string, prefix []string, word string) string {
	verbs := map[string]string{
		"play": "Play an agent", "use": "Use an agent's command again", "buy": "Buy a card", "draw": "Draw an agent",
		"trade": "Trade a mission", "assign": "Assign a mission", "recall": "Recall a mission", "move": "Move a mission",
		"end": "End your turn", "kill": "Kill", "extract": "Extract", "turn": "Turn", "revive": "Revive", "swap": "Swap",
		"spy": "Look at a hand", "take": "Take an agent", "steal": "Steal IP from", "cmd": "command facing", "ip": "IP to",
		"agent": "an agent (1 IP)", "mission": "a mission (3 IP)",
	}
	if len(prefix) == 0 {
		if s, ok := verbs[word]; ok {
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
	if a, ok := theagents.AgentByKey(word); ok {
		return a.Name
	}
	if m, ok := theagents.MissionByKey(word); ok {
		return fmt.Sprintf("%s (%d IP)", m.Name, m.Reward)
	}
	if s, ok := verbs[word]; ok {
		return s
	}
	if len(word) >= 2 && word[0] >= 'A' && word[0] <= 'E' {
		if n, err := strconv.Atoi(word[1:]); err == nil {
			if last == "play" || (len(prefix) >= 2 && prefix[0] == "play") {
				return fmt.Sprintf("faction %c, slot %d", word[0], n)
			}
			return fmt.Sprintf("faction %c, card %d", word[0], n)
		}
		if len(word) == 1 {
			return "faction " + word
		}
	}
	if len(word) == 1 && strings.Contains("ABCDE", word) {
		return "faction " + word
	}
	return word
}
