package discord

import "github.com/bwmarrin/discordgo"

// documented makes a request body say what Discord documents for a
// message's components and embeds: a list (empty for none), or no field
// at all — never null, which discordgo writes for a nil slice (its
// types have no omitempty there). An empty list replaces what a message
// had, as null did; an edit's nil pointer still leaves it as it is.
func documented(data any) {
	switch d := data.(type) {
	case *discordgo.InteractionResponse:
		if d.Data != nil {
			documented(d.Data)
		}
	case *discordgo.InteractionResponseData:
		d.Components, d.Embeds = listed(d.Components), listed(d.Embeds)
	case *discordgo.WebhookParams:
		d.Components, d.Embeds = listed(d.Components), listed(d.Embeds)
	case *discordgo.MessageSend:
		d.Components, d.Embeds = listed(d.Components), listed(d.Embeds)
	case *discordgo.WebhookEdit:
		d.Components, d.Embeds = listedPtr(d.Components), listedPtr(d.Embeds)
	case *webhookEdit:
		documented(d.WebhookEdit)
	case *discordgo.MessageEdit:
		d.Components, d.Embeds = listedPtr(d.Components), listedPtr(d.Embeds)
	}
}

// listed is s, or an empty list for nil.
func listed[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// listedPtr is p, pointing to an empty list where it points to nil.
func listedPtr[T any](p *[]T) *[]T {
	if p != nil && *p == nil {
		return &[]T{}
	}
	return p
}
