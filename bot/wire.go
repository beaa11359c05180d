package bot

import (
	"crypto/ed25519"
	"log/slog"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
)

// What the command line needs of Discord's wire, named here so that it
// constructs and serves the bot through package bot alone.

// The ways Discord can deliver interactions (Options.Interactions).
const (
	// InteractionsGateway receives interactions over the gateway
	// connection (INTERACTION_CREATE): the default.
	InteractionsGateway = discord.InteractionsGateway
	// InteractionsHTTP receives them as signed POSTs to the application's
	// Interactions Endpoint URL, served by (*Bot).HTTPHandler.
	InteractionsHTTP = discord.InteractionsHTTP
)

// MaxInteractionBody is the largest request body the HTTP endpoint reads
// (discord.MaxInteractionBody).
const MaxInteractionBody = discord.MaxInteractionBody

// EndpointLimits bound what clients may hold of the interactions endpoint
// (discord.EndpointLimits).
type EndpointLimits = discord.EndpointLimits

// ShardPlan is what GET /gateway/bot recommends (discord.ShardPlan).
type ShardPlan = discord.ShardPlan

// RedactTokens is h with every token taken out of what it logs: the
// secrets given and anything of a token's shape (discord.RedactTokens).
// The bot logs through it; wrap a process's other loggers in it too.
func RedactTokens(h slog.Handler, secrets ...string) slog.Handler {
	return discord.RedactTokens(h, secrets...)
}

// ParsePublicKey reads an application's public key as the developer portal
// shows it (discord.ParsePublicKey).
func ParsePublicKey(s string) (ed25519.PublicKey, error) { return discord.ParsePublicKey(s) }

// PlanShards asks Discord how many shards the bot should run
// (discord.PlanShards).
func PlanShards(s *discordgo.Session) (ShardPlan, error) { return discord.PlanShards(s) }

// ShardSessions makes one gateway session per shard id of count
// (discord.ShardSessions).
func ShardSessions(s *discordgo.Session, ids []int, count int) ([]*discordgo.Session, error) {
	return discord.ShardSessions(s, ids, count)
}

// HTTPHandler serves the Interactions Endpoint URL (see
// discord.Wire.HTTPHandler); in gateway mode it answers 404.
func (b *Bot) HTTPHandler() http.Handler { return b.wire.HTTPHandler() }

// InteractionsServer is the HTTP server of the Interactions Endpoint URL
// within limits l (see discord.Wire.InteractionsServer). Serve it on a
// listener once Open has returned; Shutdown it before Close.
func (b *Bot) InteractionsServer(l EndpointLimits) *http.Server { return b.wire.InteractionsServer(l) }
