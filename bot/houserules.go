package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
)

// houseRuleOptions are /play's options for the games' house rules, one per
// option name, built from the registry: a switch is a true/false option,
// a run of numbers an integer with bounds, a short list integer choices.
// A name two games share is described for both and bounded by neither
// (the game's own check answers).
func houseRuleOptions(all []render.Game) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	byName := map[string]*discordgo.ApplicationCommandOption{}
	for _, g := range all {
		for _, o := range g.Options {
			desc := func(l lang.Lang) string {
				return words.T(l, "%s: %s, %s (default %s)", g.Title, g.T(l, o.Text), o.Range(), g.T(l, o.Format(o.Default)))
			}
			if prev := byName[o.Name]; prev != nil {
				prev.Description = truncate(prev.Description+"; "+desc(lang.English), 100)
				for l, locales := range discordLocales {
					for _, loc := range locales {
						prev.DescriptionLocalizations[loc] = truncate(prev.DescriptionLocalizations[loc]+"; "+desc(l), 99)
					}
				}
				prev.Choices, prev.MinValue, prev.MaxValue = nil, nil, 0
				continue
			}
			opt := &discordgo.ApplicationCommandOption{Name: o.Name, Description: truncate(desc(lang.English), 100),
				DescriptionLocalizations: map[discordgo.Locale]string{}}
			for l, locales := range discordLocales {
				for _, loc := range locales {
					opt.DescriptionLocalizations[loc] = truncate(desc(l), 99)
				}
			}
			switch n := len(o.Values); {
			case o.Switch:
				opt.Type = discordgo.ApplicationCommandOptionBoolean
			case n > 2 && o.Values[n-1]-o.Values[0] == n-1:
				lo := float64(o.Values[0])
				opt.Type, opt.MinValue, opt.MaxValue = discordgo.ApplicationCommandOptionInteger, &lo, float64(o.Values[n-1])
			default:
				opt.Type = discordgo.ApplicationCommandOptionInteger
				for _, v := range o.Values[:min(n, 25)] {
					opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: o.Format(v), Value: v})
				}
			}
			byName[o.Name] = opt
			out = append(out, opt)
		}
	}
	return out
}

// houseRules reads the house rules chosen at /play for game info: every
// option but the game and the deal, checked by the game. The error is an
// answer for the player, naming what is allowed.
func houseRules(info games.Info, opts options) (games.Options, error) {
	var settings []string
	for name, o := range opts {
		if name == "game" || name == "deal" {
			continue
		}
		switch v := o.Value.(type) {
		case bool:
			settings = append(settings, fmt.Sprintf("%s=%t", name, v))
		case float64:
			settings = append(settings, fmt.Sprintf("%s=%d", name, int64(v)))
		default:
			settings = append(settings, fmt.Sprintf("%s=%v", name, v))
		}
	}
	return info.ParseOptions(strings.Join(settings, " "))
}

// rulesNote is " · house rules: free cells 8" for a table under house
// rules, and " · older rules (version 1): every seat starts with 0 IP"
// for one that started before its game's rules changed, in l; "" for the
// standard game under the newest rules: every table message says its
// rules.
func rulesNote(l lang.Lang, t *table) string {
	var note string
	if r := t.show.DescribeOptionsIn(l, t.Options); r != "" {
		note += " · " + words.T(l, "house rules: %s", r)
	}
	if v := t.Row.Rules; v >= 1 && v < t.Info.NewestRules() {
		note += " · " + words.T(l, "older rules (version %d)", v)
		if d := t.Info.RulesBefore[v]; d != "" {
			note += ": " + t.show.T(l, d)
		}
	}
	return note
}
