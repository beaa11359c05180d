package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

func (s *Server) routes() {
	s.handle(RouteGateway, authNone, s.getGateway)
	s.handle(RouteGatewayBot, authBot, s.getGateway)
	s.mux.HandleFunc("GET /ws/", s.handleGateway) // discordgo dials <url>/?v=9&encoding=json
	s.mux.HandleFunc("GET /ws", s.handleGateway)

	s.handle(RouteGlobalCommands, authBot, s.putCommands)
	s.handle(RouteGuildCommands, authBot, s.putCommands)
	s.handle(RouteGetGlobalCmds, authBot, s.getCommands)
	s.handle(RouteGetGuildCmds, authBot, s.getCommands)

	s.handle(RouteCallback, authNone, s.interactionCallback)
	s.handle(RouteWebhookGet, authNone, s.webhookMessage(s.webhookMessageGet))
	s.handle(RouteWebhookEdit, authNone, s.webhookMessage(s.webhookMessageEdit))
	s.handle(RouteWebhookDelete, authNone, s.webhookMessage(s.webhookMessageDelete))
	s.handle(RouteFollowup, authNone, s.followupCreate)

	s.handle(RouteCreateDM, authBot, s.createDM)
	s.handle(RouteGetUser, authBot, s.getUser)
	s.handle(RouteGetChannel, authBot, s.inChannel(s.getChannel))
	s.handle(RouteSendMessage, authBot, s.inChannel(s.createMessage))
	s.handle(RouteListMessages, authBot, s.inChannel(s.listMessages))
	s.handle(RouteGetMessage, authBot, s.onChannelMessage(s.getMessage))
	s.handle(RouteEditMessage, authBot, s.onChannelMessage(s.editChannelMessage))
	s.handle(RouteDeleteMessage, authBot, s.onChannelMessage(s.deleteChannelMessage))
	s.handle(RouteGetGuild, authBot, s.getGuild)
	s.handle(RouteGetGuildMember, authBot, s.getGuildMember)
	s.handle(RouteGetApplication, authBot, s.getApplication)
	s.handle(RouteActivityInstance, authBot, s.getActivityInstance)
	s.handle(RouteActivityInstanceV10, authBot, s.getActivityInstance)
	s.handle(RouteGetUserV10, authBot, s.getUser)
	s.oauthRoutes()

	// Everything else: 404 like Discord, and recorded in Unhandled().
	s.handle(RouteAnyUnknownRoute, authNone, func(r *http.Request, rec *Request) (int, any) {
		return 404, apiError(404, 0, "404: Not Found")
	})
}

func (s *Server) wsURL() string { return "ws" + strings.TrimPrefix(s.http.URL, "http") + "/ws" }

// GatewayURL is the gateway URL the fake gives in GET /gateway(/bot): where
// clients connect.
func (s *Server) GatewayURL() string { return s.wsURL() }

// ResumeGatewayURL is READY's resume_gateway_url: another listener of the
// fake (a different host:port, as Discord gives another host), where
// clients should send RESUME. It serves IDENTIFY too.
func (s *Server) ResumeGatewayURL() string {
	return "ws" + strings.TrimPrefix(s.resumeHTTP.URL, "http")
}

func (s *Server) getGateway(r *http.Request, rec *Request) (int, any) {
	if strings.HasSuffix(r.URL.Path, "/bot") {
		return 200, map[string]any{"url": s.wsURL(), "shards": max(s.opts.Shards, 1),
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": max(s.opts.MaxConcurrency, 1)}}
	}
	return 200, map[string]any{"url": s.wsURL()}
}

// ---- application commands -------------------------------------------------

var cmdName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// menuName is a user or message command's name (a context menu's entry):
// mixed case and spaces allowed, 1 to 32 characters.
var menuName = regexp.MustCompile(`^[-_ \p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// nameRule is the name rule of a command of type typ (0 and 1 chat
// input, 2 user, 3 message).
func nameRule(typ float64) *regexp.Regexp {
	if typ == 2 || typ == 3 {
		return menuName
	}
	return cmdName
}

// locales are Discord's locales, the keys localizations may have.
var locales = map[string]bool{}

func init() {
	for _, l := range strings.Fields("id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th zh-CN ja zh-TW ko") {
		locales[l] = true
	}
}

// validateLocalizations checks a command's, an option's or a choice's
// name_localizations and description_localizations as Discord does: known
// locales, names by the command-name rules (a choice's: 1–100
// characters), descriptions of 1–100 characters.
func validateLocalizations(m map[string]any, path string, choice bool) []formError {
	return validateLocalizationsAs(m, path, choice, cmdName)
}

// validateLocalizationsAs is validateLocalizations with names by rule.
func validateLocalizationsAs(m map[string]any, path string, choice bool, rule *regexp.Regexp) []formError {
	var errs []formError
	names, _ := m["name_localizations"].(map[string]any)
	for loc, v := range names {
		name, _ := v.(string)
		switch {
		case !locales[loc]:
			errs = append(errs, fe(path+".name_localizations."+loc, "LOCALE_INVALID", fmt.Sprintf("Invalid locale %q", loc)))
		case choice && (runes(name) < 1 || runes(name) > 100):
			errs = append(errs, fe(path+".name_localizations."+loc, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
		case !choice && !rule.MatchString(name):
			errs = append(errs, fe(path+".name_localizations."+loc, "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q is invalid", name)))
		}
	}
	descs, _ := m["description_localizations"].(map[string]any)
	for loc, v := range descs {
		desc, _ := v.(string)
		switch {
		case !locales[loc]:
			errs = append(errs, fe(path+".description_localizations."+loc, "LOCALE_INVALID", fmt.Sprintf("Invalid locale %q", loc)))
		case runes(desc) < 1 || runes(desc) > 100:
			errs = append(errs, fe(path+".description_localizations."+loc, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
		}
	}
	return errs
}

// localizedNamesUnique checks that sibling options keep distinct names in
// every locale (a localized name, or the name itself where a locale has
// none).
func localizedNamesUnique(opts []any, path string) []formError {
	var errs []formError
	for loc := range locales {
		seen := map[string]bool{}
		for _, o := range opts {
			m, _ := o.(map[string]any)
			name, _ := m["name"].(string)
			if names, _ := m["name_localizations"].(map[string]any); names != nil {
				if v, ok := names[loc].(string); ok {
					name = v
				}
			}
			if seen[name] {
				errs = append(errs, fe(path, "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", fmt.Sprintf("Option name %q is already used in %s", name, loc)))
			}
			seen[name] = true
		}
	}
	return errs
}

func validateOptions(opts []any, path string) []formError {
	var errs []formError
	if len(opts) > 25 {
		errs = append(errs, tooLong(path, 25))
	}
	optional := false
	errs = append(errs, localizedNamesUnique(opts, path)...)
	for i, o := range opts {
		op := fmt.Sprintf("%s.%d", path, i)
		m, _ := o.(map[string]any)
		errs = append(errs, validateLocalizations(m, op, false)...)
		if ch, _ := m["choices"].([]any); len(ch) > 0 {
			for k, c := range ch {
				cm, _ := c.(map[string]any)
				errs = append(errs, validateLocalizations(cm, fmt.Sprintf("%s.choices.%d", op, k), true)...)
			}
		}
		name, _ := m["name"].(string)
		desc, _ := m["description"].(string)
		typ, _ := m["type"].(float64)
		req, _ := m["required"].(bool)
		if !cmdName.MatchString(name) {
			errs = append(errs, fe(op+".name", "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q is invalid", name)))
		}
		if runes(desc) < 1 || runes(desc) > 100 {
			errs = append(errs, fe(op+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
		}
		if typ < 1 || typ > 11 {
			errs = append(errs, fe(op+".type", "BASE_TYPE_CHOICES", "Value must be one of 1..11."))
		}
		if req && optional {
			errs = append(errs, fe(op+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options"))
		}
		if !req {
			optional = true
		}
		if ch, _ := m["choices"].([]any); len(ch) > 25 {
			errs = append(errs, tooLong(op+".choices", 25))
		}
		if sub, _ := m["options"].([]any); len(sub) > 0 {
			errs = append(errs, validateOptions(sub, op+".options")...)
		}
	}
	return errs
}

func (s *Server) putCommands(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.PathValue("app") != s.opts.AppID {
		return s.reject(apiError(403, 50001, "Missing Access"), "bulk overwrite for application %q (the bot is %s)", r.PathValue("app"), s.opts.AppID)
	}
	guild := r.PathValue("guild")
	if guild != "" && !s.knownGuildLocked(guild) {
		return s.reject(apiError(403, 50001, "Missing Access"), "bulk overwrite for guild %q the bot is not in", guild)
	}
	var cmds []map[string]any
	if err := json.Unmarshal(rec.JSON, &cmds); err != nil {
		return s.reject(invalidForm(fe("", "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType")), "bulk overwrite")
	}
	if len(cmds) > 100 {
		return s.reject(apiError(400, 30032, "Maximum number of application commands reached (100)"), "bulk overwrite")
	}
	var errs []formError
	names := map[string]bool{}
	entryPoints := 0
	for i, c := range cmds {
		errs = append(errs, validateEntryPoint(c, i, &entryPoints)...)
		name, _ := c["name"].(string)
		desc, _ := c["description"].(string)
		typ, _ := c["type"].(float64)
		if !nameRule(typ).MatchString(name) {
			errs = append(errs, fe(fmt.Sprintf("%d.name", i), "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q is invalid", name)))
		}
		errs = append(errs, validateLocalizationsAs(c, strconv.Itoa(i), false, nameRule(typ))...)
		if (typ == 0 || typ == 1) && (runes(desc) < 1 || runes(desc) > 100) {
			errs = append(errs, fe(fmt.Sprintf("%d.description", i), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
		}
		if (typ == 2 || typ == 3) && desc != "" {
			errs = append(errs, fe(fmt.Sprintf("%d.description", i), "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION", "Context menu commands cannot have a description"))
		}
		// Names are unique among the commands of one type.
		key := strconv.Itoa(max(int(typ), 1)) + "/" + name
		if names[key] {
			errs = append(errs, fe(fmt.Sprintf("%d.name", i), "APPLICATION_COMMANDS_DUPLICATE_NAME", fmt.Sprintf("Application command names must be unique (%q)", name)))
		}
		names[key] = true
		if opts, _ := c["options"].([]any); len(opts) > 0 {
			errs = append(errs, validateOptions(opts, fmt.Sprintf("%d.options", i))...)
		}
		errs = append(errs, validateInstall(c, strconv.Itoa(i))...)
	}
	if len(errs) > 0 {
		return s.reject(invalidForm(errs...), "bulk overwrite of commands")
	}
	for _, c := range cmds {
		if t, _ := c["type"].(float64); t == 0 {
			c["type"] = 1
		}
		c["id"] = s.NewID()
		c["application_id"] = s.opts.AppID
		c["version"] = s.NewID()
		if guild != "" {
			c["guild_id"] = guild
		}
	}
	s.commands[guild] = cmds
	s.notifyLocked()
	return 200, cmds
}

func (s *Server) getCommands(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cmds := s.commands[r.PathValue("guild")]
	if cmds == nil {
		cmds = []map[string]any{}
	}
	return 200, cmds
}

// Commands returns the registered commands for a scope ("" = global), as
// the bot sent them plus the fields Discord adds (id, application_id…).
func (s *Server) Commands(scope string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.commands[scope]...)
}

// WaitCommands waits until at least one command is registered in scope
// ("" = global) and returns them.
func (s *Server) WaitCommands(scope string, timeout time.Duration) ([]map[string]any, error) {
	var out []map[string]any
	if !s.waitLocked(timeout, func() bool {
		out = append([]map[string]any(nil), s.commands[scope]...)
		return len(out) > 0
	}) {
		return nil, fmt.Errorf("%w waiting for commands in scope %q; violations=%v", ErrTimeout, scope, s.Violations())
	}
	return out, nil
}

func (s *Server) knownGuildLocked(id string) bool { return s.guildIDs[id] }

// ---- channels, DMs, messages --------------------------------------------

func (s *Server) newMessageLocked(channelID, guildID string) *Message {
	now := time.Now()
	return &Message{ID: s.NewID(), ChannelID: channelID, GuildID: guildID, AuthorID: s.opts.AppID, Created: now}
}

func (s *Server) storeMessageLocked(m *Message) {
	s.messages[m.ID] = m
	if ch := s.channels[m.ChannelID]; ch != nil {
		ch.messages = append(ch.messages, m.ID)
	}
	s.notifyLocked()
}

func (s *Server) dmChannelLocked(userID string) *Channel {
	for _, c := range s.channels {
		if c.Type == ChannelDM && c.Recipient == userID {
			return c
		}
	}
	ch := &Channel{ID: s.NewID(), Type: ChannelDM, Recipient: userID}
	s.channels[ch.ID] = ch
	return ch
}

// channelLocked checks a {channel} path value: not a snowflake → 400 50035,
// unknown → 404 10003 (both violations).
func (s *Server) channelLocked(r *http.Request) (*Channel, *apiErr) {
	id := r.PathValue("channel")
	if !isSnowflake(id) {
		e := invalidForm(fe("channel_id", "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not snowflake.", id)))
		s.violationLocked("%s %s: %s", r.Method, r.URL.Path, e.describe())
		return nil, e
	}
	ch := s.channels[id]
	if ch == nil {
		e := apiError(404, 10003, "Unknown Channel")
		s.violationLocked("%s %s: %s", r.Method, r.URL.Path, e.describe())
		return nil, e
	}
	if s.lacksLocked(ch, PermViewChannel) {
		return nil, apiError(403, 50001, "Missing Access") // not a violation: permissions change under the bot
	}
	if e := s.botAbsentLocked(r.Method, r.URL.Path, ch); e != nil {
		return nil, e
	}
	return ch, nil
}

// channelMessageLocked resolves {channel}/{message}. Ephemeral messages
// cannot be reached through channel endpoints (Discord answers 10008).
func (s *Server) channelMessageLocked(r *http.Request) (*Message, *apiErr) {
	ch, e := s.channelLocked(r)
	if e != nil {
		return nil, e
	}
	id := r.PathValue("message")
	if !isSnowflake(id) {
		e := invalidForm(fe("message_id", "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not snowflake.", id)))
		s.violationLocked("%s %s: %s", r.Method, r.URL.Path, e.describe())
		return nil, e
	}
	m := s.messages[id]
	if m == nil || m.ChannelID != ch.ID || m.Deleted || m.Ephemeral {
		why := "no such message in this channel"
		if m != nil && m.Ephemeral {
			why = "ephemeral messages are only reachable through the interaction token"
		}
		e := apiError(404, 10008, "Unknown Message")
		s.violationLocked("%s %s: %s (%s)", r.Method, r.URL.Path, e.describe(), why)
		return nil, e
	}
	return m, nil
}

// inChannel is a handler of /channels/{channel}/…: do runs under s.mu with
// the channel, once channelLocked has found it (or refused the request).
func (s *Server) inChannel(do func(r *http.Request, rec *Request, ch *Channel) (int, any)) handlerFunc {
	return func(r *http.Request, rec *Request) (int, any) {
		s.mu.Lock()
		defer s.mu.Unlock()
		ch, e := s.channelLocked(r)
		if e != nil {
			return e.status, e
		}
		return do(r, rec, ch)
	}
}

// onChannelMessage is a handler of /channels/{channel}/messages/{message}:
// do runs under s.mu with the message, once channelMessageLocked has found
// it (or refused the request).
func (s *Server) onChannelMessage(do func(rec *Request, m *Message) (int, any)) handlerFunc {
	return func(r *http.Request, rec *Request) (int, any) {
		s.mu.Lock()
		defer s.mu.Unlock()
		m, e := s.channelMessageLocked(r)
		if e != nil {
			return e.status, e
		}
		return do(rec, m)
	}
}

func (s *Server) createDM(r *http.Request, rec *Request) (int, any) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := json.Unmarshal(rec.JSON, &body); err != nil || body.RecipientID == "" {
		return s.reject(invalidForm(fe("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")), "create DM")
	}
	if _, ok := s.users[body.RecipientID]; !ok {
		return s.reject(invalidForm(fe("recipient_id", "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not a known user.", body.RecipientID))), "create DM")
	}
	// Discord returns the same DM channel for the same recipient; opening it
	// succeeds even when the user's DMs are closed (sending fails with 50007).
	ch := s.dmChannelLocked(body.RecipientID)
	s.notifyLocked()
	return 200, s.channelWire(ch)
}

func (s *Server) getUser(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := r.PathValue("user")
	if id == "@me" || id == s.opts.AppID {
		return 200, s.botUserWire()
	}
	if _, ok := s.users[id]; !ok {
		return s.reject(apiError(404, 10013, "Unknown User"), "GET user %s", id)
	}
	return 200, s.userWire(id)
}

func (s *Server) getChannel(_ *http.Request, _ *Request, ch *Channel) (int, any) {
	return 200, s.channelWire(ch)
}

func (s *Server) getGuild(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.opts.Guilds {
		if g.ID == r.PathValue("guild") {
			return 200, map[string]any{"id": g.ID, "name": g.Name, "owner_id": "1", "roles": []any{}, "emojis": []any{},
				"features": []any{}, "verification_level": 0, "premium_tier": 0, "preferred_locale": "en-US"}
		}
	}
	return s.reject(apiError(404, 10004, "Unknown Guild"), "GET guild %s", r.PathValue("guild"))
}

func (s *Server) getGuildMember(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.knownGuildLocked(r.PathValue("guild")) {
		return s.reject(apiError(404, 10004, "Unknown Guild"), "GET member of guild %s", r.PathValue("guild"))
	}
	if _, ok := s.users[r.PathValue("user")]; !ok {
		return s.reject(apiError(404, 10007, "Unknown Member"), "GET member %s", r.PathValue("user"))
	}
	if !s.memberLocked(r.PathValue("guild"), r.PathValue("user")) {
		return 404, apiError(404, 10007, "Unknown Member") // they left: not a bot mistake
	}
	return 200, s.memberWire(r.PathValue("user"))
}

func (s *Server) createMessage(_ *http.Request, rec *Request, ch *Channel) (int, any) {
	if ch.Type == ChannelDM {
		// Not bot mistakes: the bot cannot know before trying.
		if !s.mutualGuildLocked(ch.Recipient) {
			return 403, apiError(403, 50278, "Cannot send messages to this user due to having no mutual guilds")
		}
		if u := s.users[ch.Recipient]; u != nil && u.DMsClosed {
			return 403, apiError(403, 50007, "Cannot send messages to this user")
		}
	}
	if e := s.writeAllowedLocked(ch, len(rec.Files)); e != nil {
		return e.status, e
	}
	m := s.newMessageLocked(ch.ID, ch.GuildID)
	if e := s.applyPayload(m, rec.JSON, rec.Files, true, "", "create"); e != nil {
		return s.reject(e, "send message to channel %s", ch.ID)
	}
	m.Flags &^= FlagEphemeral // only interaction responses can be ephemeral
	s.storeMessageLocked(m)
	return 200, s.messageWire(m)
}

func (s *Server) listMessages(r *http.Request, _ *Request, ch *Channel) (int, any) {
	limit := 50
	if l, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && l > 0 && l <= 100 {
		limit = l
	}
	out := []any{}
	if s.lacksLocked(ch, PermReadMessageHistory) {
		return 200, out
	}
	for i := len(ch.messages) - 1; i >= 0 && len(out) < limit; i-- { // newest first, like Discord
		if m := s.messages[ch.messages[i]]; m != nil && !m.Deleted && !m.Ephemeral {
			out = append(out, s.messageWire(m))
		}
	}
	return 200, out
}

func (s *Server) getMessage(_ *Request, m *Message) (int, any) {
	return 200, s.messageWire(m)
}

func (s *Server) editChannelMessage(rec *Request, m *Message) (int, any) {
	if m.AuthorID != s.opts.AppID {
		return s.reject(apiError(403, 50005, "Cannot edit a message authored by another user"), "edit message %s", m.ID)
	}
	if e := s.writeAllowedLocked(s.channels[m.ChannelID], len(rec.Files)); e != nil {
		return e.status, e
	}
	if e := s.oldEditLocked(m); e != nil {
		return e.status, e
	}
	if e := s.applyPayload(m, rec.JSON, rec.Files, false, "", "channel edit"); e != nil {
		return s.reject(e, "edit message %s in channel %s", m.ID, m.ChannelID)
	}
	s.notifyLocked()
	return 200, s.messageWire(m)
}

func (s *Server) deleteChannelMessage(_ *Request, m *Message) (int, any) {
	m.Deleted = true
	s.notifyLocked()
	return http.StatusNoContent, nil
}

// memberJSON is a guild member as Discord returns it.
type memberJSON struct {
	User        userJSON   `json:"user"`
	Roles       []struct{} `json:"roles"`
	Permissions string     `json:"permissions"`
	JoinedAt    string     `json:"joined_at"`
	Nick        *string    `json:"nick"`
	Deaf        bool       `json:"deaf"`
	Mute        bool       `json:"mute"`
	Flags       int        `json:"flags"`
	Pending     bool       `json:"pending"`
}

func (s *Server) memberWire(userID string) memberJSON {
	perms := guildPerms
	if u := s.users[userID]; u != nil && u.ManageServer {
		perms = strconv.FormatInt(mustInt(guildPerms)|0x20, 10) // MANAGE_GUILD
	}
	return memberJSON{User: s.userWire(userID), Roles: []struct{}{}, Permissions: perms, JoinedAt: s.stamp(time.Now())}
}

// guildPerms is what members get (a string on the wire: discordgo uses `json:",string"`).
const guildPerms = "2248473465835073"

// mustInt reads a permissions constant.
func mustInt(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		panic(err)
	}
	return n
}
