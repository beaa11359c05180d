package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store/play"
)

// toRemind are the seats a turn reminder names: the people the game waits
// on, but for those a computer player stands in for.
func (t *table) toRemind() []games.Seat { return toRemind(t.Table) }

// toRemind is table.toRemind for a table as it is (or will be, once
// saved: play.Table.Clock).
func toRemind(t *play.Table) []games.Seat {
	var out []games.Seat
	for _, s := range t.Game.ToAct() {
		if p := t.Player(s); !p.Computer && !p.StandIn && p.UserID != "" {
			out = append(out, s)
		}
	}
	return out
}

// remind names the people the table waits on, halfway through their turn
// (its timer, armed with the turn's clock, fires once across processes),
// in a short message in the table's channel that pings them and nobody
// else: the allowed mentions are their ids alone. An edit of the table
// message would ping no one. A table that moved on since the reminder was
// armed is left alone. t is locked.
func (b *Bot) remind(t *table, version int) {
	if t.Game == nil || t.Game.Status().Finished() || t.Game.Moves() != version || t.Row.ChannelID == "" {
		return
	}
	seats := t.toRemind()
	if len(seats) == 0 {
		return
	}
	ids := make([]string, len(seats))
	for i, s := range seats {
		ids[i] = t.Player(s).UserID
	}
	l := b.tableLang(t.Row)
	msg := &discordgo.MessageSend{
		Content: words.T(l, "⏳ %s, half your time for this turn at the **%s** table is gone: play before the dealer plays for you.",
			t.namesOf(l, seats, playerName), t.Info.Title),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: ids},
	}
	channel := t.Row.ChannelID
	b.log.Info("turn reminder", "table", t.Row.ID, "seats", seats, "version", version)
	b.wire.Post(channel, discord.Letter{What: "a turn reminder", Send: func() error {
		_, err := b.wire.Request("POST", discordgo.EndpointChannelMessages(channel), discordgo.EndpointChannelMessages(channel), msg, nil)
		return err
	}})
}
