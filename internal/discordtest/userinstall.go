package discordtest

import (
	"fmt"
	"slices"
	"strconv"
)

// A user-installed app (integration type 1) is used where its bot is no
// member: in a DM between users or a group DM (interaction context 2), or
// in the DM with the bot of a user who installed the app to their account
// alone (context 1). Its interactions are authorized by the user's install
// ("1" in authorizing_integration_owners, no "0"); it may not post, edit or
// read the channel's messages (a channel route there answers 403 / 50001,
// a violation: the interaction said where it was); it answers and
// follows up through the interaction's token, at most 5 follow-ups an
// interaction (40094), for the token's 15 minutes.

// The permissions Discord documents in app_permissions where the bot is
// no member: ATTACH_FILES, EMBED_LINKS and MENTION_EVERYONE in (group) DMs
// between users; USE_EXTERNAL_EMOJIS too in the DM with the bot.
const (
	privateChannelPerms = PermAttachFiles | PermEmbedLinks | 1<<17
	botDMPerms          = privateChannelPerms | 1<<18
)

// MaxUserInstallFollowups is how many follow-ups Discord takes for an
// interaction authorized by a user install alone.
const MaxUserInstallFollowups = 5

// Integration types and interaction contexts (wire values).
const (
	IntegrationGuildInstall = 0
	IntegrationUserInstall  = 1
	ContextGuild            = 0
	ContextBotDM            = 1
	ContextPrivateChannel   = 2
)

// GroupDM makes a group DM of users (at least two), which the bot is not
// in, and returns its id.
func (s *Server) GroupDM(users ...string) (string, error) {
	if len(users) < 2 {
		return "", fmt.Errorf("discordtest: a group DM has at least two users, not %d", len(users))
	}
	return s.privateChannel(ChannelGroupDM, users)
}

// UserDM makes the DM between two users (not the bot) and returns its id.
func (s *Server) UserDM(a, b string) (string, error) {
	if a == b {
		return "", fmt.Errorf("discordtest: a DM is between two users")
	}
	return s.privateChannel(ChannelDM, []string{a, b})
}

// privateChannel makes a channel of users of type typ, without the bot.
func (s *Server) privateChannel(typ int, users []string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range users {
		if _, ok := s.users[u]; !ok {
			return "", fmt.Errorf("discordtest: unknown user %q (AddUser first)", u)
		}
	}
	ch := &Channel{ID: s.NewID(), Type: typ, BotAbsent: true, Recipients: slices.Clone(users)}
	s.channels[ch.ID] = ch
	s.notifyLocked()
	return ch.ID, nil
}

// UserInstalledCommand has userID, who installed the app to their
// account, invoke its global chat-input command name in channelID: a DM
// between users or a group DM (GroupDM, UserDM; context 2), or, when
// channelID is "", the user's DM with the bot (context 1) with no guild
// install behind it. The command must be registered for the user install
// (integration_types holding 1) and the context. Options are as
// SlashCommand's.
func (s *Server) UserInstalledCommand(channelID, userID, name string, options map[string]any) (*Interaction, error) {
	context := ContextBotDM
	if channelID != "" {
		s.mu.Lock()
		ch := s.channels[channelID]
		s.mu.Unlock()
		if ch == nil || !ch.BotAbsent {
			return nil, fmt.Errorf("discordtest: %q is not a DM between users or a group DM (GroupDM, UserDM)", channelID)
		}
		context = ContextPrivateChannel
	}
	cmd := s.globalCommand(name)
	if cmd == nil || !installedFor(cmd, IntegrationUserInstall, context) {
		return nil, fmt.Errorf("discordtest: command %q is not registered for user installs in context %d (integration_types %v, contexts %v)",
			name, context, cmdField(cmd, "integration_types"), cmdField(cmd, "contexts"))
	}
	data, err := s.slashData(cmd, name, options)
	if err != nil {
		return nil, err
	}
	return s.dispatchInteraction(interactionSpec{channelID: channelID, userID: userID, typ: InteractionCommand,
		data: data, name: name, userInstall: true, installer: userID})
}

// globalCommand is the global chat-input command named name, or nil.
func (s *Server) globalCommand(name string) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.commands[""] {
		if t, _ := c["type"].(float64); c["name"] == name && (t == 0 || t == CommandChatInput) {
			return c
		}
	}
	return nil
}

// cmdField is a command's field, or nil.
func cmdField(cmd map[string]any, key string) any {
	if cmd == nil {
		return nil
	}
	return cmd[key]
}

// installedFor reports whether a command is registered for an
// installation type in an interaction context: integration_types absent
// means the guild install alone (an app's default before user installs),
// contexts absent means every context.
func installedFor(cmd map[string]any, integration, context int) bool {
	types, ok := cmd["integration_types"].([]any)
	if !ok {
		types = []any{float64(IntegrationGuildInstall)}
	}
	contexts, ok := cmd["contexts"].([]any)
	if !ok {
		contexts = []any{float64(ContextGuild), float64(ContextBotDM), float64(ContextPrivateChannel)}
	}
	return slices.Contains(types, any(float64(integration))) && slices.Contains(contexts, any(float64(context)))
}

// inheritInstallLocked: a click on a message an interaction made (its
// answer or a follow-up) is authorized as that interaction was; any
// interaction in a private channel the bot is not in is a user install's.
// Caller holds s.mu.
func (s *Server) inheritInstallLocked(sp *interactionSpec) {
	if sp.msg != nil && sp.msg.InteractionID != "" {
		if origin := s.interactions[sp.msg.InteractionID]; origin != nil && origin.userInstall {
			sp.userInstall, sp.installer = true, origin.installer
		}
	}
	if ch := s.channels[sp.channelID]; sp.guildID == "" && ch != nil && ch.BotAbsent && !sp.userInstall {
		sp.userInstall, sp.installer = true, sp.userID
	}
}

// followupRefusedLocked is Discord's refusal of one follow-up too many
// for an interaction authorized by a user install alone, or nil. Caller
// holds s.mu.
func (s *Server) followupRefusedLocked(in *Interaction) *apiErr {
	if !in.userInstall || len(in.st.followups) < MaxUserInstallFollowups {
		return nil
	}
	return apiError(400, 40094, "This interaction has hit the maximum number of follow up messages")
}

// botAbsentLocked refuses a channel route in a channel the bot is not in
// (403 / 50001, a violation), or returns nil. Caller holds s.mu.
func (s *Server) botAbsentLocked(method, path string, ch *Channel) *apiErr {
	if !ch.BotAbsent {
		return nil
	}
	e := apiError(403, 50001, "Missing Access")
	s.violationLocked("%s %s: the bot is not in this private channel (its interactions said so: context 2, a user install alone): %s", method, path, e.describe())
	return e
}

// validateInstall checks a command's integration_types (0 and 1) and
// contexts (0, 1 and 2), at path.
func validateInstall(c map[string]any, path string) []formError {
	var errs []formError
	for key, allowed := range map[string][]float64{"integration_types": {0, 1}, "contexts": {0, 1, 2}} {
		v, present := c[key]
		if !present || v == nil {
			continue
		}
		list, ok := v.([]any)
		if !ok {
			errs = append(errs, fe(path+"."+key, "BASE_TYPE_LIST", "Must be a list."))
			continue
		}
		for i, x := range list {
			if n, ok := x.(float64); !ok || !slices.Contains(allowed, n) {
				errs = append(errs, fe(path+"."+key+"."+strconv.Itoa(i), "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of %v.", allowed)))
			}
		}
	}
	return errs
}
