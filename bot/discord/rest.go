package discord

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Discord's answers the bot acts on.
const (
	// ErrCodeDMsClosed: a user's DMs are closed to the bot (50007).
	ErrCodeDMsClosed = discordgo.ErrCodeCannotSendMessagesToThisUser
	// ErrCodeNoMutualGuilds: the user shares no server with the bot (50278).
	ErrCodeNoMutualGuilds = 50278
	// ErrCodeMissingAccess and ErrCodeMissingPermissions: the bot may not
	// write in a channel; no wait gets past them.
	ErrCodeMissingAccess      = discordgo.ErrCodeMissingAccess
	ErrCodeMissingPermissions = discordgo.ErrCodeMissingPermissions
	// ErrCodeUnknownMessage: the message was deleted.
	ErrCodeUnknownMessage = discordgo.ErrCodeUnknownMessage
)

// Code is the JSON error code of Discord's answer in err, or 0.
func Code(err error) int {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil {
		return rest.Message.Code
	}
	return 0
}

// NoMentions keeps the bot's messages from pinging anyone they name.
var NoMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// Request sends one request in bucket: data as JSON, or with files as
// multipart, each new file listed in the message's attachments (see
// PNG). It does not wait out rate limits: its callers decide whether a
// wait still fits (the outbox does: Post).
func (w *Wire) Request(method, url, bucket string, data any, files []*discordgo.File) ([]byte, error) {
	return w.request(context.Background(), method, url, bucket, data, files)
}

// request is Request within ctx, counting 429s by route.
func (w *Wire) request(ctx context.Context, method, url, bucket string, data any, files []*discordgo.File) ([]byte, error) {
	body, err := w.send(ctx, method, url, bucket, data, files)
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		w.metrics.rateLimited.WithLabelValues(routeOf(method, url)).Inc()
	}
	return body, err
}

// send is request's one attempt.
func (w *Wire) send(ctx context.Context, method, url, bucket string, data any, files []*discordgo.File) ([]byte, error) {
	documented(data)
	if len(files) == 0 {
		return w.s.RequestWithBucketID(method, url, data, bucket, discordgo.WithRetryOnRatelimit(false), discordgo.WithContext(ctx))
	}
	payload, err := listFiles(data, files)
	if err != nil {
		return nil, err
	}
	contentType, body, err := multipartBody(payload, files)
	if err != nil {
		return nil, err
	}
	return w.raw(ctx, method, url, contentType, body, bucket)
}

// raw sends a body already encoded, not waiting out rate limits.
func (w *Wire) raw(ctx context.Context, method, url, contentType string, body []byte, bucket string) ([]byte, error) {
	return w.s.RequestRaw(method, url, contentType, body, bucket, 0, discordgo.WithRetryOnRatelimit(false), discordgo.WithContext(ctx))
}

// WaitBucket waits until discordgo's rate-limit bucket key lets a request
// through without waiting; false when the wire closed meanwhile.
func (w *Wire) WaitBucket(key string) bool {
	rl := w.s.Ratelimiter
	bucket := rl.GetBucket(key)
	bucket.Lock()
	wait := rl.GetWaitTime(bucket, 1)
	bucket.Unlock()
	return wait <= 0 || w.Sleep(wait)
}

// RegisterCommands overwrites the application's slash commands (in one
// server when guildID is set), waiting out rate limits (a bot restarted
// several times in a row meets them). An Entry Point command among them is
// answered by the app (with LaunchActivity), not by Discord.
func (w *Wire) RegisterCommands(appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guildID != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guildID)
	}
	body := make([]registered, len(cmds))
	for i, c := range cmds {
		body[i] = registered{ApplicationCommand: c}
		if c.Type == EntryPointCommand {
			body[i].Handler = appHandler
		}
	}
	for tries := 0; ; tries++ {
		_, err := w.s.RequestWithBucketID("PUT", endpoint, body, endpoint, discordgo.WithRetryOnRatelimit(false))
		var rl *discordgo.RateLimitError
		if !errors.As(err, &rl) || tries == 10 {
			return err
		}
		w.log.Info("rate limited registering commands: trying again", "after", rl.RetryAfter)
		if !w.Sleep(rl.RetryAfter) {
			return err
		}
	}
}

// ids are the parts of a route that name one thing (snowflakes, interaction
// tokens): a route's metric label leaves them out.
var ids = regexp.MustCompile(`/[0-9]{5,}|/[A-Za-z0-9_.-]{60,}`)

// routeOf is a request's route for the metrics: its method and path, ids
// written :id ("PATCH /channels/:id/messages/:id").
func routeOf(method, url string) string {
	path := url
	if i := strings.Index(path, "/api/"); i >= 0 {
		path = path[i+len("/api/"):]
		if j := strings.IndexByte(path, '/'); j >= 0 && strings.HasPrefix(path, "v") {
			path = path[j:]
		}
	}
	path, _, _ = strings.Cut(path, "?")
	return method + " " + ids.ReplaceAllString(path, "/:id")
}
