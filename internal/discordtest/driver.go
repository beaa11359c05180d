package discordtest

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"
)

// ErrNotDelivered is returned (with the interaction's handle) when no
// gateway session would receive an interaction: the bot is not connected.
// (Interactions sent over HTTP are delivered asynchronously: see
// Interaction.Delivery.)
var ErrNotDelivered = errors.New("discordtest: no gateway session would receive this interaction")

// Application command option types (wire values).
const (
	OptionSubCommand      = 1
	OptionSubCommandGroup = 2
	OptionString          = 3
	OptionInteger         = 4
	OptionBoolean         = 5
	OptionUser            = 6
	OptionChannel         = 7
	OptionRole            = 8
	OptionMentionable     = 9
	OptionNumber          = 10
	OptionAttachment      = 11
)

// SlashCommand has userID invoke the registered chat-input command name,
// in guildID's channelID, or in the user's DM with the bot when guildID is
// "" (channelID is then ignored). The interaction is delivered over the
// gateway, or POSTed to the interactions endpoint once one is set
// (SetInteractionsEndpoint), with "member" in a guild, "user" in a DM, and
// its handle returned.
//
// options maps option names to values: string, bool, any integer or float
// type; a subcommand (or group) is an option whose value is a
// map[string]any of its own options. Options are checked against the
// registered definition (unknown or missing required options, wrong types,
// values outside the declared choices are errors) and sent in declaration
// order. A command is found among the guild's commands first, then the
// global ones; in DMs only global commands usable in DMs are found.
func (s *Server) SlashCommand(guildID, channelID, userID, name string, options map[string]any) (*Interaction, error) {
	cmd, err := s.findCommand(guildID, name, CommandChatInput)
	if err != nil {
		return nil, err
	}
	data, err := s.slashData(cmd, name, options)
	if err != nil {
		return nil, err
	}
	return s.dispatchInteraction(interactionSpec{guildID: guildID, channelID: channelID, userID: userID,
		typ: InteractionCommand, data: data, name: name})
}

// slashData is a slash command's interaction data: the options given,
// checked against those cmd declares, and the users they name resolved.
func (s *Server) slashData(cmd map[string]any, name string, options map[string]any) (map[string]any, error) {
	decl, _ := cmd["options"].([]any)
	opts, resolved, err := s.buildOptions(decl, options, "/"+name)
	if err != nil {
		return nil, err
	}
	data := commandData(cmd, name, CommandChatInput, opts)
	if len(resolved) > 0 {
		data["resolved"] = map[string]any{"users": resolved}
	}
	return data, nil
}

// The command types the fake sends.
const (
	CommandChatInput = 1 // a slash command
	CommandUser      = 2 // a user command: a member's context menu
)

// findCommand is the command of type typ named name that the bot
// registered for guildID or globally ("" for a DM: globally, and usable
// there).
func (s *Server) findCommand(guildID, name string, typ int) (map[string]any, error) {
	s.mu.Lock()
	var cmd map[string]any
	scopes := []string{guildID, ""}
	if guildID == "" {
		scopes = []string{""}
	}
	for _, scope := range scopes {
		for _, c := range s.commands[scope] {
			if t, _ := c["type"].(float64); c["name"] == name && (int(t) == typ || t == 0 && typ == CommandChatInput) {
				cmd = c
			}
		}
		if cmd != nil {
			break
		}
	}
	s.mu.Unlock()
	if cmd == nil {
		return nil, fmt.Errorf("discordtest: no command %q of type %d is registered for guild %q or globally (did the bot bulk-overwrite its commands?)", name, typ, guildID)
	}
	if guildID == "" && !usableInDMs(cmd) {
		return nil, fmt.Errorf("discordtest: command %q is not usable in DMs (contexts %v, dm_permission %v)", name, cmd["contexts"], cmd["dm_permission"])
	}
	return cmd, nil
}

// commandData is an application command interaction's data.
func commandData(cmd map[string]any, name string, typ int, opts []any) map[string]any {
	data := map[string]any{"id": cmd["id"], "name": name, "type": typ}
	if opts != nil {
		data["options"] = opts
	}
	if g, ok := cmd["guild_id"]; ok {
		data["guild_id"] = g
	}
	return data
}

// UserCommand runs the user command named name (a member's context menu)
// as userID on target, as Discord sends it: the target's id and the target
// resolved.
func (s *Server) UserCommand(guildID, channelID, userID, name, target string) (*Interaction, error) {
	cmd, err := s.findCommand(guildID, name, CommandUser)
	if err != nil {
		return nil, err
	}
	resolved := map[string]any{}
	if !s.resolveUser(target, resolved) {
		return nil, fmt.Errorf("discordtest: user command %q: unknown target %q", name, target)
	}
	data := commandData(cmd, name, CommandUser, nil)
	data["target_id"] = target
	data["resolved"] = map[string]any{"users": resolved}
	return s.dispatchInteraction(interactionSpec{guildID: guildID, channelID: channelID, userID: userID,
		typ: InteractionCommand, data: data, name: name})
}

// Autocomplete sends the autocomplete interaction of slash command name
// while userID types typed into its option focused, the other options as
// given so far; the answer's Choices are what the bot offered.
func (s *Server) Autocomplete(guildID, channelID, userID, name string, options map[string]any, focused, typed string) (*Interaction, error) {
	cmd, err := s.findCommand(guildID, name, CommandChatInput)
	if err != nil {
		return nil, err
	}
	decl, _ := cmd["options"].([]any)
	var opt map[string]any
	for _, d := range decl {
		if dm, _ := d.(map[string]any); dm["name"] == focused {
			opt = dm
		}
	}
	if auto, _ := opt["autocomplete"].(bool); !auto {
		return nil, fmt.Errorf("discordtest: /%s has no autocomplete option %q", name, focused)
	}
	given := maps.Clone(options)
	delete(given, focused)
	opts, _, err := s.buildOptions(decl, given, "/"+name)
	if err != nil {
		return nil, err
	}
	typ, _ := opt["type"].(float64)
	opts = append(opts, map[string]any{"name": focused, "type": int(typ), "value": typed, "focused": true})
	return s.dispatchInteraction(interactionSpec{guildID: guildID, channelID: channelID, userID: userID,
		typ: InteractionAutocomplete, data: commandData(cmd, name, CommandChatInput, opts), name: name})
}

func usableInDMs(cmd map[string]any) bool {
	if dp, ok := cmd["dm_permission"].(bool); ok && !dp {
		return false
	}
	if ctx, ok := cmd["contexts"].([]any); ok && ctx != nil {
		for _, c := range ctx {
			if c == float64(1) {
				return true
			}
		}
		return false
	}
	return true
}

// buildOptions is the interaction's options for the values given by
// name, as the command declares them (decl): each value checked against
// its option's type, bounds and choices, users resolved; where names the
// command for errors.
func (s *Server) buildOptions(decl []any, given map[string]any, where string) ([]any, map[string]any, error) {
	out := []any{}
	resolved := map[string]any{}
	known := map[string]bool{}
	for _, d := range decl {
		dm, _ := d.(map[string]any)
		name, _ := dm["name"].(string)
		known[name] = true
		v, ok := given[name]
		if !ok {
			if req, _ := dm["required"].(bool); req {
				return nil, nil, fmt.Errorf("discordtest: %s: required option %q missing", where, name)
			}
			continue
		}
		o, err := s.buildOption(dm, v, where, resolved)
		if err != nil {
			return nil, nil, err
		}
		if err := checkOption(dm, o, v, where); err != nil {
			return nil, nil, err
		}
		out = append(out, o)
	}
	for k := range given {
		if !known[k] {
			return nil, nil, fmt.Errorf("discordtest: %s has no option %q", where, k)
		}
	}
	return out, resolved, nil
}

// buildOption is one option of declaration dm with value v, of the type
// it declares; a user it names, or its subcommand's, go in resolved.
func (s *Server) buildOption(dm map[string]any, v any, where string, resolved map[string]any) (map[string]any, error) {
	name, _ := dm["name"].(string)
	typ, _ := dm["type"].(float64)
	o := map[string]any{"name": name, "type": int(typ)}
	wrong := func(want string) error {
		return fmt.Errorf("discordtest: %s: option %q wants %s, got %T %v", where, name, want, v, v)
	}
	switch int(typ) {
	case OptionSubCommand, OptionSubCommandGroup:
		sub, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("discordtest: %s: subcommand %q needs a map[string]any of its options, got %T", where, name, v)
		}
		subDecl, _ := dm["options"].([]any)
		subOpts, subRes, err := s.buildOptions(subDecl, sub, where+" "+name)
		if err != nil {
			return nil, err
		}
		o["options"] = subOpts
		maps.Copy(resolved, subRes)
	case OptionString, OptionUser, OptionChannel, OptionRole, OptionMentionable:
		str, ok := v.(string)
		if !ok {
			return nil, wrong("a string")
		}
		o["value"] = str
		if int(typ) == OptionUser && !s.resolveUser(str, resolved) {
			return nil, fmt.Errorf("discordtest: %s: option %q names unknown user %q", where, name, str)
		}
	case OptionInteger:
		n, ok := toFloat(v)
		if !ok || n != math.Trunc(n) {
			return nil, wrong("an integer")
		}
		o["value"] = int64(n)
	case OptionNumber:
		n, ok := toFloat(v)
		if !ok {
			return nil, wrong("a number")
		}
		o["value"] = n
	case OptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, wrong("a bool")
		}
		o["value"] = b
	default:
		return nil, fmt.Errorf("discordtest: %s: option %q has type %v, which the fake cannot send", where, name, typ)
	}
	return o, nil
}

// resolveUser puts a known user in resolved; false for a user the fake
// does not know.
func (s *Server) resolveUser(id string, resolved map[string]any) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, known := s.users[id]; !known {
		return false
	}
	resolved[id] = s.userWire(id)
	return true
}

// checkOption checks option o (given as v) against its declaration dm:
// min_value and max_value, min_length and max_length, choices.
func checkOption(dm, o map[string]any, v any, where string) error {
	name, _ := dm["name"].(string)
	if n, ok := toFloat(o["value"]); ok {
		if lo, ok := dm["min_value"].(float64); ok && n < lo {
			return fmt.Errorf("discordtest: %s: option %q is %v, below its min_value %v", where, name, v, lo)
		}
		if hi, ok := dm["max_value"].(float64); ok && n > hi {
			return fmt.Errorf("discordtest: %s: option %q is %v, above its max_value %v", where, name, v, hi)
		}
	}
	if str, ok := o["value"].(string); ok && o["type"] == OptionString {
		if lo, ok := dm["min_length"].(float64); ok && float64(runes(str)) < lo {
			return fmt.Errorf("discordtest: %s: option %q is shorter than its min_length %v", where, name, lo)
		}
		if hi, ok := dm["max_length"].(float64); ok && float64(runes(str)) > hi {
			return fmt.Errorf("discordtest: %s: option %q is longer than its max_length %v", where, name, hi)
		}
	}
	choices, _ := dm["choices"].([]any)
	if len(choices) == 0 {
		return nil
	}
	for _, c := range choices {
		if cm, _ := c.(map[string]any); sameValue(cm["value"], o["value"]) {
			return nil
		}
	}
	return fmt.Errorf("discordtest: %s: %v is not one of the declared choices of option %q", where, v, name)
}

func toFloat(v any) (float64, bool) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}

func sameValue(a, b any) bool {
	fa, oka := toFloat(a)
	fb, okb := toFloat(b)
	if oka && okb {
		return fa == fb
	}
	return a == b
}

// Click has userID click the button customID on a stored message (in a
// guild channel or a DM). It fails, as Discord's client would not let the
// user click, if the message is gone, the user cannot see it (someone
// else's ephemeral message or DM), or the button is missing, a link or
// disabled.
func (s *Server) Click(messageID, userID, customID string) (*Interaction, error) {
	s.mu.Lock()
	m, err := s.clickableLocked(messageID, userID)
	if err == nil {
		b, found := m.Button(customID)
		switch {
		case !found:
			err = fmt.Errorf("discordtest: message %s has no button %q (it has %v)", messageID, customID, m.CustomIDs())
		case b.Style == ButtonLink:
			err = fmt.Errorf("discordtest: button %q is a link button", customID)
		case b.Disabled:
			err = fmt.Errorf("discordtest: button %q is disabled", customID)
		}
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.dispatchInteraction(interactionSpec{guildID: m.GuildID, channelID: m.ChannelID, userID: userID,
		typ: InteractionComponent, msg: m, customID: customID,
		data: componentDataJSON{CustomID: customID, ComponentType: ComponentButton}})
}

// Select has userID choose values in the select menu customID on a stored
// message. Values must be option values of a string select, between the
// menu's min_values and max_values, without repeats.
func (s *Server) Select(messageID, userID, customID string, values []string) (*Interaction, error) {
	s.mu.Lock()
	m, err := s.clickableLocked(messageID, userID)
	var sel Select // its options are never written to: read after Unlock
	if err == nil {
		var found bool
		if sel, found = m.Select(customID); !found {
			err = fmt.Errorf("discordtest: message %s has no select menu %q (it has %v)", messageID, customID, m.CustomIDs())
		}
	}
	s.mu.Unlock()
	switch {
	case err != nil:
		return nil, err
	case sel.Disabled:
		return nil, fmt.Errorf("discordtest: select menu %q is disabled", customID)
	case len(values) < sel.MinValues || len(values) > sel.MaxValues:
		return nil, fmt.Errorf("discordtest: select menu %q takes %d to %d values, not %d", customID, sel.MinValues, sel.MaxValues, len(values))
	}
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] {
			return nil, fmt.Errorf("discordtest: value %q chosen twice", v)
		}
		seen[v] = true
		if sel.Type == ComponentStringSelect && !slices.ContainsFunc(sel.Options, func(o SelectOption) bool { return o.Value == v }) {
			return nil, fmt.Errorf("discordtest: select menu %q has no option with value %q", customID, v)
		}
	}
	if values == nil {
		values = []string{}
	}
	return s.dispatchInteraction(interactionSpec{guildID: m.GuildID, channelID: m.ChannelID, userID: userID,
		typ: InteractionComponent, msg: m, customID: customID, values: values,
		data: componentDataJSON{CustomID: customID, ComponentType: sel.Type, Values: &values}})
}

// clickableLocked returns a stored message the user can see and use (not
// a copy: read its body under s.mu only).
func (s *Server) clickableLocked(messageID, userID string) (*Message, error) {
	m := s.messages[messageID]
	switch {
	case m == nil:
		return nil, fmt.Errorf("discordtest: unknown message %s", messageID)
	case m.Deleted:
		return nil, fmt.Errorf("discordtest: message %s was deleted", messageID)
	case m.Ephemeral && m.UserID != userID:
		return nil, fmt.Errorf("discordtest: message %s is ephemeral for user %s; user %s cannot see it", messageID, m.UserID, userID)
	case m.Loading:
		return nil, fmt.Errorf("discordtest: message %s is still a deferred \"thinking…\" message", messageID)
	}
	if ch := s.channels[m.ChannelID]; ch != nil && ch.Type == ChannelDM && !ch.BotAbsent && ch.Recipient != userID {
		return nil, fmt.Errorf("discordtest: message %s is in %s's DMs; user %s cannot see it", messageID, ch.Recipient, userID)
	}
	if ch := s.channels[m.ChannelID]; ch != nil && ch.BotAbsent && !slices.Contains(ch.Recipients, userID) {
		return nil, fmt.Errorf("discordtest: message %s is in a private channel user %s is not in", messageID, userID)
	}
	return m, nil
}

// RawComponent describes a component interaction sent as is, with no
// check: a forged custom_id, a stale or unknown message id, a disabled
// button. When MessageID names a stored message, its channel and guild are
// used (unless set here) and it is sent as the interaction's message;
// otherwise a minimal message with that id is sent.
type RawComponent struct {
	GuildID, ChannelID string // "" GuildID with no stored message = a DM
	UserID             string
	MessageID          string
	CustomID           string
	ComponentType      int      // default ComponentButton
	Values             []string // select menus
}

// SendComponent delivers a component interaction described by c without
// checking it against any message.
func (s *Server) SendComponent(c RawComponent) (*Interaction, error) {
	if c.ComponentType == 0 {
		c.ComponentType = ComponentButton
	}
	if c.MessageID == "" {
		c.MessageID = s.NewID()
	}
	s.mu.Lock()
	msg := s.messages[c.MessageID]
	if msg != nil {
		if c.GuildID == "" && c.ChannelID == "" {
			c.GuildID, c.ChannelID = msg.GuildID, msg.ChannelID
		}
	} else {
		msg = &Message{ID: c.MessageID, ChannelID: c.ChannelID, GuildID: c.GuildID, AuthorID: s.opts.AppID,
			Created: time.Now(), Body: Body{Content: ""}}
	}
	s.mu.Unlock()
	data := componentDataJSON{CustomID: c.CustomID, ComponentType: c.ComponentType}
	if c.Values != nil || isSelect(c.ComponentType) {
		if c.Values == nil {
			c.Values = []string{}
		}
		data.Values = &c.Values
	}
	return s.dispatchInteraction(interactionSpec{guildID: c.GuildID, channelID: c.ChannelID, userID: c.UserID,
		typ: InteractionComponent, msg: msg, customID: c.CustomID, values: c.Values, data: data, raw: true})
}

// SubmitModal submits the modal that origin's response (type 9) opened,
// as origin's user, with values by text input custom_id. Inputs not in
// values are sent empty; a required input left empty, an unknown input or a
// value outside the input's length limits is an error.
func (s *Server) SubmitModal(origin *Interaction, values map[string]string) (*Interaction, error) {
	s.mu.Lock()
	md := origin.st.modal
	msg := s.messages[origin.MessageID]
	s.mu.Unlock()
	if md == nil {
		return nil, fmt.Errorf("discordtest: interaction %s did not respond with a modal", origin.ID)
	}
	known := map[string]bool{}
	rows := []any{}
	for _, in := range md.Inputs {
		known[in.CustomID] = true
		v := values[in.CustomID]
		n := runes(v)
		switch {
		case in.Required && v == "":
			return nil, fmt.Errorf("discordtest: modal %q: input %q is required", md.CustomID, in.CustomID)
		case v != "" && (n < in.MinLength || (in.MaxLength > 0 && n > in.MaxLength)):
			return nil, fmt.Errorf("discordtest: modal %q: input %q takes %d..%d characters, not %d", md.CustomID, in.CustomID, in.MinLength, in.MaxLength, n)
		}
		rows = append(rows, map[string]any{"type": ComponentActionRow, "components": []any{
			map[string]any{"type": ComponentTextInput, "custom_id": in.CustomID, "value": v}}})
	}
	for k := range values {
		if !known[k] {
			return nil, fmt.Errorf("discordtest: modal %q has no text input %q", md.CustomID, k)
		}
	}
	spec := interactionSpec{guildID: origin.GuildID, channelID: origin.ChannelID, userID: origin.UserID,
		typ: InteractionModalSubmit, customID: md.CustomID,
		data: map[string]any{"custom_id": md.CustomID, "components": rows}, msg: msg}
	return s.dispatchInteraction(spec)
}

// interactionJSON is an interaction as Discord sends it, but for its
// message, which dispatchInteraction adds encoded.
type interactionJSON struct {
	ID                           string         `json:"id"`
	ApplicationID                string         `json:"application_id"`
	Type                         int            `json:"type"`
	Data                         any            `json:"data"`
	Token                        string         `json:"token"`
	Version                      int            `json:"version"`
	Locale                       string         `json:"locale"`
	AppPermissions               string         `json:"app_permissions"`
	Entitlements                 []struct{}     `json:"entitlements"`
	AttachmentSizeLimit          int            `json:"attachment_size_limit"`
	GuildID                      string         `json:"guild_id,omitempty"`
	GuildLocale                  string         `json:"guild_locale,omitempty"`
	Context                      int            `json:"context"`
	AuthorizingIntegrationOwners ownersJSON     `json:"authorizing_integration_owners"`
	Member                       *memberJSON    `json:"member,omitempty"`
	User                         *userJSON      `json:"user,omitempty"`
	Channel                      channelRefJSON `json:"channel"`
	ChannelID                    string         `json:"channel_id"`
}

// ownersJSON is an interaction's authorizing_integration_owners: the
// guild install's owner ("0": the guild, or "0" in a DM with the bot),
// the user install's ("1": the user who installed the app), or both.
type ownersJSON struct {
	Guild string `json:"0,omitempty"`
	User  string `json:"1,omitempty"`
}

// componentDataJSON is a component interaction's data.
type componentDataJSON struct {
	CustomID      string    `json:"custom_id"`
	ComponentType int       `json:"component_type"`
	Values        *[]string `json:"values,omitempty"` // select menus: present, even empty
}

// channelRefJSON is the partial channel an interaction carries.
type channelRefJSON struct {
	ID      string `json:"id"`
	Type    int    `json:"type"`
	GuildID string `json:"guild_id,omitempty"`
	Name    string `json:"name,omitempty"`
}

type interactionSpec struct {
	guildID, channelID, userID string
	typ                        int
	data                       any      // the interaction's data, encoded as it is
	msg                        *Message // component / modal: the message (nil = none), read under s.mu
	name, customID             string
	values                     []string
	raw                        bool // forged: skip channel checks
	// userInstall: the interaction is authorized by installer's user
	// install alone (the bot is no member where it happens): a command of
	// a user-installed app, or a click on a message one made.
	userInstall bool
	installer   string
}

func randToken() string {
	b := make([]byte, 48)
	_, _ = rand.Read(b)
	return "aW50ZXJhY3Rpb246" + base64.RawURLEncoding.EncodeToString(b)
}

func (s *Server) dispatchInteraction(sp interactionSpec) (*Interaction, error) {
	s.mu.Lock()
	if err := s.checkSpecLocked(&sp); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	s.inheritInstallLocked(&sp)
	in := &Interaction{ID: s.NewID(), Token: randToken(), Type: sp.typ, GuildID: sp.guildID,
		ChannelID: sp.channelID, UserID: sp.userID, Name: sp.name, CustomID: sp.customID,
		Values: sp.values, s: s, userInstall: sp.userInstall, installer: sp.installer}
	w := s.interactionWireLocked(sp, in)
	var msg *messageOut
	if m := sp.msg; m != nil {
		in.MessageID = m.ID
		if m.ChannelID == "" {
			c := *m
			c.ChannelID = in.ChannelID
			m = &c
		}
		out := s.messageWire(m)
		msg = &out
	}
	in.Created = time.Now()
	endpoint, forgery := s.hd.endpoint, s.hd.forge
	s.hd.forge = Genuine
	if forgery != Genuine && endpoint == "" {
		s.mu.Unlock()
		return nil, errors.New("discordtest: ForgeNext needs an interactions endpoint (SetInteractionsEndpoint)")
	}
	if forgery == Genuine { // a forged request is no interaction of Discord's
		s.interactions[in.ID] = in
		s.byToken[in.Token] = in
		s.order = append(s.order, in)
	}
	s.notifyLocked()
	s.mu.Unlock()

	// Encoded out of the lock: the message is added as it is.
	raw := mustJSON(w)
	if msg != nil {
		raw = marshalWith(w, rawField{"message", msg.encode()})
	}
	if endpoint != "" {
		// Over HTTP instead of the gateway (the two are exclusive).
		go s.deliverHTTP(endpoint, in, raw, forgery)
		return in, nil
	}
	if n := s.dispatchRaw("INTERACTION_CREATE", raw, sp.guildID); n == 0 {
		return in, ErrNotDelivered
	}
	return in, nil
}

// checkSpecLocked checks who and where an interaction comes from: a
// known user, and in a guild the bot is in, a member, in one of its
// channels (the guild's first when none is named). Caller holds s.mu.
func (s *Server) checkSpecLocked(sp *interactionSpec) error {
	if _, ok := s.users[sp.userID]; !ok {
		return fmt.Errorf("discordtest: unknown user %q (AddUser first)", sp.userID)
	}
	if ch := s.channels[sp.channelID]; sp.guildID == "" && ch != nil && ch.BotAbsent && !sp.raw && !slices.Contains(ch.Recipients, sp.userID) {
		return fmt.Errorf("discordtest: user %s is not in private channel %s", sp.userID, sp.channelID)
	}
	if sp.guildID == "" || sp.raw {
		return nil
	}
	if !s.knownGuildLocked(sp.guildID) {
		return fmt.Errorf("discordtest: the bot is not in guild %s", sp.guildID)
	}
	if !s.memberLocked(sp.guildID, sp.userID) {
		return fmt.Errorf("discordtest: user %s is not a member of guild %s (RemoveMember)", sp.userID, sp.guildID)
	}
	if sp.channelID == "" {
		for _, g := range s.opts.Guilds {
			if g.ID == sp.guildID && len(g.channelIDs()) > 0 {
				sp.channelID = g.channelIDs()[0]
			}
		}
	}
	if ch := s.channels[sp.channelID]; ch == nil || ch.GuildID != sp.guildID {
		return fmt.Errorf("discordtest: channel %q is not a channel of guild %s", sp.channelID, sp.guildID)
	}
	return nil
}

// interactionWireLocked is interaction in as Discord sends it: in a guild
// with its member, or in a DM with its user (in's channel then the DM's
// with the bot, unless it is a private channel the bot is not in).
// Caller holds s.mu.
func (s *Server) interactionWireLocked(sp interactionSpec, in *Interaction) interactionJSON {
	w := interactionJSON{ID: in.ID, ApplicationID: s.opts.AppID, Type: sp.typ, Data: sp.data, Token: in.Token,
		Version: 1, Locale: s.userLocaleLocked(sp.userID), AppPermissions: s.appPermissionsLocked(sp.channelID),
		Entitlements: []struct{}{}, AttachmentSizeLimit: s.opts.MaxFileSize}
	switch ch := s.channels[in.ChannelID]; {
	case sp.guildID != "":
		member := s.memberWire(sp.userID)
		w.GuildID, w.GuildLocale, w.Context, w.Member = sp.guildID, s.guildLocaleLocked(sp.guildID), 0, &member
		w.AuthorizingIntegrationOwners = ownersJSON{Guild: sp.guildID}
		w.Channel = channelRefJSON{ID: sp.channelID, Type: ChannelGuildText, GuildID: sp.guildID, Name: "cards"}
	case ch != nil && ch.BotAbsent:
		// A DM between users or a group DM (context 2): a user install's
		// alone, with the permissions Discord documents there.
		user := s.userWire(sp.userID)
		w.User, w.Context, w.AppPermissions = &user, 2, strconv.FormatInt(privateChannelPerms, 10)
		w.AuthorizingIntegrationOwners = ownersJSON{User: sp.installer}
		w.Channel = channelRefJSON{ID: in.ChannelID, Type: ch.Type}
	default:
		// DM with the bot: "user" instead of "member", context 1, no guild_id.
		if ch == nil || ch.Type != ChannelDM || ch.Recipient != sp.userID {
			in.ChannelID = s.dmChannelLocked(sp.userID).ID
		}
		user := s.userWire(sp.userID)
		w.User, w.Context = &user, 1
		w.AuthorizingIntegrationOwners = ownersJSON{Guild: "0"}
		if sp.userInstall {
			w.AppPermissions = strconv.FormatInt(botDMPerms, 10)
			w.AuthorizingIntegrationOwners = ownersJSON{User: sp.installer}
		}
		w.Channel = channelRefJSON{ID: in.ChannelID, Type: ChannelDM}
	}
	w.ChannelID = in.ChannelID
	return w
}

// WaitAllAnswered waits until every interaction created so far has reached
// its final state or has missed its ack deadline, and returns the number
// that missed it (no accepted initial response). Deferred responses still
// awaiting their edit at the timeout make it fail.
func (s *Server) WaitAllAnswered(timeout time.Duration) (failed int, err error) {
	end := time.Now().Add(timeout)
	for {
		var next time.Time
		pending := 0
		failed = 0
		ok := s.waitLocked(0, func() bool {
			pending, failed, next = 0, 0, time.Time{}
			now := time.Now()
			for _, in := range s.order {
				ackBy := in.Created.Add(s.opts.AckDeadline + 20*time.Millisecond)
				switch {
				case !in.st.finalAt.IsZero():
				case !in.st.acked && now.After(ackBy):
					failed++
				default:
					pending++
					if !in.st.acked && (next.IsZero() || ackBy.Before(next)) {
						next = ackBy
					}
				}
			}
			return pending == 0
		})
		if ok {
			return failed, nil
		}
		step := time.Until(end)
		if step <= 0 {
			return failed, fmt.Errorf("%w: %d interaction(s) still unanswered or deferred after %v", ErrTimeout, pending, timeout)
		}
		if !next.IsZero() && time.Until(next) < step {
			step = max(time.Until(next), 0)
		}
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		t := time.NewTimer(step)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
	}
}

// ---- reading messages -----------------------------------------------------

// Message returns a copy of a stored message (deleted ones included).
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	m, ok := s.messages[id]
	var snap Message
	if ok {
		snap = *m // copied in depth out of the lock (see Response.own)
	}
	s.mu.Unlock()
	if !ok {
		return Message{}, false
	}
	return snap.clone(), true
}

// Latest returns a copy of a stored message as it is now, without its
// history: cheap enough to read at every change of the fake (WaitUntil).
func (s *Server) Latest(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	c := *m
	c.History = nil
	c.Body = m.Body.clone()
	return c, true
}

// ChannelMessages returns the channel's messages that are not deleted, oldest
// first, ephemeral ones included (see Message.Ephemeral and UserID).
func (s *Server) ChannelMessages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.channelMessagesLocked(channelID)
}

func (s *Server) channelMessagesLocked(channelID string) []Message {
	ch := s.channels[channelID]
	if ch == nil {
		return nil
	}
	var out []Message
	for _, id := range ch.messages {
		if m := s.messages[id]; m != nil && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	return out
}

// DMChannelID returns the id of the DM channel with userID, if the bot (or
// a DM interaction) has opened it.
func (s *Server) DMChannelID(userID string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.channels {
		if c.Type == ChannelDM && c.Recipient == userID {
			return c.ID, true
		}
	}
	return "", false
}

// DMs returns the messages in userID's DM channel, oldest first.
func (s *Server) DMs(userID string) []Message {
	id, ok := s.DMChannelID(userID)
	if !ok {
		return nil
	}
	return s.ChannelMessages(id)
}

// WaitMessage waits until the stored message id satisfies cond (nil: until
// it exists) and returns it.
func (s *Server) WaitMessage(id string, timeout time.Duration, cond func(Message) bool) (Message, error) {
	var out Message
	var seen bool
	if !s.waitLocked(timeout, func() bool {
		m := s.messages[id]
		if m == nil {
			return false
		}
		out, seen = m.clone(), true
		return cond == nil || cond(out)
	}) {
		if !seen {
			return out, fmt.Errorf("%w waiting for message %s to exist", ErrTimeout, id)
		}
		return out, fmt.Errorf("%w waiting on message %s; last state: %q (%d edits); violations=%v", ErrTimeout, id, out.Text(), out.Edits(), s.Violations())
	}
	return out, nil
}

// WaitChannelMessage waits until a (non-deleted) message in channelID
// satisfies cond (nil: any message) and returns the first that does.
func (s *Server) WaitChannelMessage(channelID string, timeout time.Duration, cond func(Message) bool) (Message, error) {
	var out Message
	var n int
	if !s.waitLocked(timeout, func() bool {
		ms := s.channelMessagesLocked(channelID)
		n = len(ms)
		for _, m := range ms {
			if cond == nil || cond(m) {
				out = m
				return true
			}
		}
		return false
	}) {
		return Message{}, fmt.Errorf("%w waiting for a matching message in channel %s (%d messages there); violations=%v", ErrTimeout, channelID, n, s.Violations())
	}
	return out, nil
}

// WaitDM waits until a message in userID's DMs satisfies cond (nil: any)
// and returns the first that does.
func (s *Server) WaitDM(userID string, timeout time.Duration, cond func(Message) bool) (Message, error) {
	var out Message
	if !s.waitLocked(timeout, func() bool {
		for _, c := range s.channels {
			if c.Type != ChannelDM || c.Recipient != userID {
				continue
			}
			for _, m := range s.channelMessagesLocked(c.ID) {
				if cond == nil || cond(m) {
					out = m
					return true
				}
			}
		}
		return false
	}) {
		return Message{}, fmt.Errorf("%w waiting for a matching DM to user %s; violations=%v", ErrTimeout, userID, s.Violations())
	}
	return out, nil
}

// userLocaleLocked is the locale of a user's client: en-US unless set.
func (s *Server) userLocaleLocked(id string) string {
	if u := s.users[id]; u != nil && u.Locale != "" {
		return u.Locale
	}
	return "en-US"
}

// guildLocaleLocked is a guild's preferred locale: en-US unless set.
func (s *Server) guildLocaleLocked(id string) string {
	for _, g := range s.opts.Guilds {
		if g.ID == id && g.Locale != "" {
			return g.Locale
		}
	}
	return "en-US"
}
