package discordtest

import (
	"fmt"
	"strconv"
	"time"
)

// Permission bits (wire values) that the fake enforces on the bot in guild
// channels (see DenyPermission).
const (
	PermViewChannel        int64 = 1 << 10 // VIEW_CHANNEL: without it, every channel endpoint answers 403 / 50001
	PermSendMessages       int64 = 1 << 11 // SEND_MESSAGES: without it, message creates and edits answer 403 / 50013
	PermEmbedLinks         int64 = 1 << 14 // EMBED_LINKS: not enforced (Discord drops the embeds)
	PermAttachFiles        int64 = 1 << 15 // ATTACH_FILES: without it, creates and edits carrying files answer 403 / 50013
	PermReadMessageHistory int64 = 1 << 16 // READ_MESSAGE_HISTORY: without it, listing messages returns none
)

// ---- guild membership ---------------------------------------------------

// RemoveMember makes userID leave guildID (as when a player leaves the
// server). Interactions from them in that guild can no longer be made, and
// their guild member is unknown (404 / 10007). Once they share no guild
// with the bot, a DM channel with them can still be opened, as on Discord,
// but sending to it fails with 403 / 50278 "Cannot send messages to this
// user due to having no mutual guilds" (distinct from closed DMs, 50007).
func (s *Server) RemoveMember(guildID, userID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.knownGuildLocked(guildID) {
		return fmt.Errorf("discordtest: the bot is not in guild %s", guildID)
	}
	if _, ok := s.users[userID]; !ok {
		return fmt.Errorf("discordtest: unknown user %s", userID)
	}
	if s.notMember[guildID] == nil {
		s.notMember[guildID] = map[string]bool{}
	}
	s.notMember[guildID][userID] = true
	s.notifyLocked()
	return nil
}

// AddMember makes userID a member of guildID again (every known user is a
// member of every guild until RemoveMember).
func (s *Server) AddMember(guildID, userID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.knownGuildLocked(guildID) {
		return fmt.Errorf("discordtest: the bot is not in guild %s", guildID)
	}
	delete(s.notMember[guildID], userID)
	s.notifyLocked()
	return nil
}

// IsMember reports whether userID is a member of guildID.
func (s *Server) IsMember(guildID, userID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.memberLocked(guildID, userID)
}

func (s *Server) memberLocked(guildID, userID string) bool {
	_, known := s.users[userID]
	return known && s.knownGuildLocked(guildID) && !s.notMember[guildID][userID]
}

// mutualGuildLocked reports whether userID shares a guild with the bot.
func (s *Server) mutualGuildLocked(userID string) bool {
	for _, g := range s.opts.Guilds {
		if s.memberLocked(g.ID, userID) {
			return true
		}
	}
	return false
}

// ---- channel permissions ------------------------------------------------

// DenyPermission takes perm (PermViewChannel, PermSendMessages,
// PermAttachFiles, …, or several OR-ed) away from the bot in a guild
// channel, as a permission overwrite would. Channel endpoints then answer
// like Discord: 403 / 50001 "Missing Access" without VIEW_CHANNEL, 403 /
// 50013 "Missing Permissions" for message creates and edits without
// SEND_MESSAGES (or ATTACH_FILES when files are sent). Such answers are not
// violations (they count as invalid requests). Interaction responses and
// follow-ups need no channel permission and keep working; interactions in
// the channel carry the reduced app_permissions.
func (s *Server) DenyPermission(channelID string, perm int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[channelID]
	if ch == nil || ch.Type != ChannelGuildText {
		return fmt.Errorf("discordtest: %s is not a guild text channel", channelID)
	}
	s.denied[channelID] |= perm
	s.notifyLocked()
	return nil
}

// AllowPermission gives back permissions taken by DenyPermission.
func (s *Server) AllowPermission(channelID string, perm int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.channels[channelID]; !ok {
		return fmt.Errorf("discordtest: unknown channel %s", channelID)
	}
	s.denied[channelID] &^= perm
	s.notifyLocked()
	return nil
}

// appPermissionsLocked is the bot's permission set in a channel, as sent
// in interactions' app_permissions (a decimal string on the wire).
func (s *Server) appPermissionsLocked(channelID string) string {
	p, _ := strconv.ParseInt(guildPerms, 10, 64)
	return strconv.FormatInt(p&^s.denied[channelID], 10)
}

// lacksLocked reports whether the bot lacks perm in ch.
func (s *Server) lacksLocked(ch *Channel, perm int64) bool {
	return ch.Type == ChannelGuildText && s.denied[ch.ID]&perm != 0
}

// writeAllowedLocked checks the permissions a message create or edit needs
// in ch: nil, or Discord's 403.
func (s *Server) writeAllowedLocked(ch *Channel, files int) *apiErr {
	if s.lacksLocked(ch, PermSendMessages) || (files > 0 && s.lacksLocked(ch, PermAttachFiles)) {
		return apiError(403, 50013, "Missing Permissions")
	}
	return nil
}

// ---- message age ------------------------------------------------------------

// AgeMessage makes a stored message look d old (its creation moves d before
// now; its id keeps its timestamp). Past one hour old, channel edits of it
// fall under Discord's cap on edits of old messages (Options.OldMessageEdits):
// past the cap, PATCH answers 429 with code 30046 "Maximum number of edits
// to messages older than 1 hour reached. Try again later". Interaction
// responses that update it (type 7) are not capped.
func (s *Server) AgeMessage(messageID string, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[messageID]
	if m == nil {
		return fmt.Errorf("discordtest: unknown message %s", messageID)
	}
	m.Created = time.Now().Add(-d)
	s.notifyLocked()
	return nil
}
