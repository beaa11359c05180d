package bot

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/render"
)

// painters draw each game's table picture from a view, with a place selected.
var painters = map[string]func(r *render.Renderer, view any, selected string, names []string) ([]byte, error){
	"doublefreecell": func(r *render.Renderer, v any, sel string, _ []string) ([]byte, error) {
		return r.DoubleFreeCell(v.(doublefreecell.View), sel)
	},
	"doublets": func(r *render.Renderer, v any, sel string, _ []string) ([]byte, error) {
		return r.Doublets(v.(doublets.View), sel)
	},
	"doubleagent": func(r *render.Renderer, v any, sel string, _ []string) ([]byte, error) {
		return r.DoubleAgent(v.(doubleagent.View), sel)
	},
}

// hosted reports whether the bot can deal a game: it has its buttons and its picture.
func hosted(game string) bool {
	_, l := layouts[game]
	_, m := privates[game]
	_, p := painters[game]
	return (l || m) && p
}

// picture draws what viewer sees of a table, with a place selected.
func (b *Bot) picture(t *table, viewer games.Seat, selected string) ([]byte, error) {
	paint, ok := painters[t.info.Name]
	if !ok {
		return nil, fmt.Errorf("no picture for %s", t.info.Name)
	}
	return paint(b.render, t.game.View(viewer), selected, t.names())
}

// tableMessage is the whole table message: text, picture and buttons. It is
// always sent whole (discordgo sends every field of an answer, so a partial
// one would wipe the rest) and replaces the old picture rather than adding
// to it (discordgo#1524).
func (b *Bot) tableMessage(t *table, selected string) (*discordgo.InteractionResponseData, error) {
	if !t.info.Solitaire() {
		return b.multiMessage(t)
	}
	png, err := b.picture(t, games.Spectator, pictureSelection(selected))
	if err != nil {
		return nil, err
	}
	var comps []discordgo.MessageComponent
	if !t.game.Status().Finished() {
		lay := layouts[t.info.Name]
		var legal []string
		for _, m := range t.game.Legal(0) {
			legal = append(legal, m.String())
		}
		comps = lay.controls(controlState{table: t.sess.ID, version: t.game.Moves(), selected: selected, hints: t.info.Solve != nil}, t.game.View(0), legal)
	}
	name := fmt.Sprintf("%s-%d-%d.png", t.info.Name, t.sess.Deal, t.game.Moves())
	return &discordgo.InteractionResponseData{
		Content:     b.caption(t, selected),
		Components:  comps,
		Files:       []*discordgo.File{{Name: name, ContentType: "image/png", Reader: bytes.NewReader(png)}},
		Attachments: &[]*discordgo.MessageAttachment{},
	}, nil
}

// pictureSelection is the place to highlight in the picture.
func pictureSelection(selected string) string {
	if strings.HasPrefix(selected, "confirm:") {
		return ""
	}
	return selected
}

// caption is the table message's text: the game, the deal, whose table, and
// what is going on.
func (b *Bot) caption(t *table, selected string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s** · deal #%d · <@%s>'s table · move %d", t.info.Title, t.sess.Deal, t.sess.OwnerID, t.game.Moves())
	if t.daily != "" {
		fmt.Fprintf(&sb, " · daily deal of %s", t.daily)
	}
	if t.notice != "" {
		sb.WriteString("\n" + t.notice)
	}
	scores := t.game.Scores()
	switch st := t.game.Status(); {
	case st == games.Won:
		fmt.Fprintf(&sb, "\n🏆 **Won** in %d moves! Score %d. Deal again with `/play`.", t.game.Moves(), scores[0])
	case st == games.Lost:
		fmt.Fprintf(&sb, "\n**Game over**: score %d. Try deal #%d again with `/play deal:%d`.", scores[0], t.sess.Deal, t.sess.Deal)
	case st == games.Over:
		fmt.Fprintf(&sb, "\n**Game over**.")
	case strings.HasPrefix(selected, "confirm:"):
		fmt.Fprintf(&sb, "\nReally %s? The game will count as lost.", strings.TrimPrefix(selected, "confirm:"))
	case selected != "":
		fmt.Fprintf(&sb, "\nSelected **%s**: pick where it goes (the lit buttons), or click it again to cancel.", selected)
	default:
		fmt.Fprintf(&sb, "\nScore %d. Pick a card to move.", scores[0])
	}
	return sb.String()
}
