package discordtest

import (
	"fmt"
	"net/http"
	"slices"
	"time"
)

// Activities: an app's web page run by Discord in an iframe. The app
// launches one by answering its Entry Point command (or a click) with
// LAUNCH_ACTIVITY; Discord then runs an instance of it in that channel,
// which users join and leave, and which the app's backend may look up
// (GET /applications/{app}/activity-instances/{instance}) to learn who is
// in it: the page's own word for that cannot be trusted.

// CommandEntryPoint is the PRIMARY_ENTRY_POINT command type: the one
// command of an app with Activities that the App Launcher shows.
const CommandEntryPoint = 4

// CallbackLaunchActivity is the LAUNCH_ACTIVITY interaction response.
const CallbackLaunchActivity = 12

// Entry Point command handlers (the command's "handler").
const (
	HandlerApp            = 1 // the app answers the interaction (with LAUNCH_ACTIVITY)
	HandlerDiscordLaunch  = 2 // Discord launches the Activity itself
	maxEntryPointCommands = 1
)

// RouteActivityInstance is the backend's lookup of an Activity instance,
// on API v9 (discordgo's) and v10 (the web pages').
const (
	RouteActivityInstance    = "GET " + APIPrefix + "/applications/{app}/activity-instances/{instance}"
	RouteActivityInstanceV10 = "GET /api/v10/applications/{app}/activity-instances/{instance}"
)

// ActivityInstance is an Activity running in a channel: who launched it,
// where, and who is in it now.
type ActivityInstance struct {
	ID, LaunchID       string
	GuildID, ChannelID string // GuildID "" in a DM or group DM
	Users              []string
}

// EntryPoint has userID run the app's Entry Point command in guildID's
// channelID, or in their DM with the bot when guildID is "".
func (s *Server) EntryPoint(guildID, channelID, userID string) (*Interaction, error) {
	cmd, name, err := s.entryPoint(guildID)
	if err != nil {
		return nil, err
	}
	return s.dispatchInteraction(interactionSpec{guildID: guildID, channelID: channelID, userID: userID,
		typ: InteractionCommand, data: commandData(cmd, name, CommandEntryPoint, nil), name: name})
}

// entryPoint is the Entry Point command registered for guildID or
// globally, and its name.
func (s *Server) entryPoint(guildID string) (map[string]any, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, scope := range []string{guildID, ""} {
		for _, c := range s.commands[scope] {
			if t, _ := c["type"].(float64); t == CommandEntryPoint {
				name, _ := c["name"].(string)
				return c, name, nil
			}
		}
	}
	return nil, "", fmt.Errorf("discordtest: no Entry Point command is registered for guild %q or globally", guildID)
}

// validateEntryPoint checks command c (number i of a bulk overwrite) as
// Discord checks an Entry Point command: a handler, no options; and counts
// it, as an app has one at most.
func validateEntryPoint(c map[string]any, i int, count *int) []formError {
	if t, _ := c["type"].(float64); t != CommandEntryPoint {
		if _, ok := c["handler"]; ok {
			return []formError{fe(fmt.Sprintf("%d.handler", i), "APPLICATION_COMMAND_HANDLER_INVALID", "Only Entry Point commands have a handler")}
		}
		return nil
	}
	var errs []formError
	if *count++; *count > maxEntryPointCommands {
		errs = append(errs, fe(fmt.Sprintf("%d.type", i), "APPLICATION_COMMAND_TOO_MANY_ENTRY_POINTS", "An application can only have one Entry Point command"))
	}
	if h, _ := c["handler"].(float64); h != HandlerApp && h != HandlerDiscordLaunch {
		errs = append(errs, fe(fmt.Sprintf("%d.handler", i), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}."))
	}
	if opts, _ := c["options"].([]any); len(opts) > 0 {
		errs = append(errs, fe(fmt.Sprintf("%d.options", i), "APPLICATION_COMMAND_OPTIONS_INVALID", "Entry Point commands cannot have options"))
	}
	return errs
}

// launchActivityLocked answers in with an Activity: a new instance in its
// channel, with its user in it (Discord's join of a running instance is
// JoinActivity's). Caller holds s.mu.
func (s *Server) launchActivityLocked(in *Interaction, now time.Time) {
	a := &ActivityInstance{ID: "i-" + s.NewID() + "-" + in.ChannelID, LaunchID: s.NewID(),
		GuildID: in.GuildID, ChannelID: in.ChannelID, Users: []string{in.UserID}}
	s.activities[a.ID] = a
	in.st.activity = a.ID
	in.st.finalAt = now
	s.notifyLocked()
}

// Activity is the instance interaction in launched, once it has been
// answered with LAUNCH_ACTIVITY.
func (in *Interaction) Activity() (ActivityInstance, bool) {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	a := in.s.activities[in.st.activity]
	if a == nil {
		return ActivityInstance{}, false
	}
	c := *a
	c.Users = slices.Clone(a.Users)
	return c, true
}

// JoinActivity has userID join the running instance id, as a user does
// by clicking the Activity in the channel.
func (s *Server) JoinActivity(id, userID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.activities[id]
	if a == nil {
		return fmt.Errorf("discordtest: no activity instance %q", id)
	}
	if _, ok := s.users[userID]; !ok {
		return fmt.Errorf("discordtest: unknown user %q (AddUser first)", userID)
	}
	if !slices.Contains(a.Users, userID) {
		a.Users = append(a.Users, userID)
	}
	return nil
}

// LeaveActivity has userID leave instance id; the instance ends with its
// last user, and a lookup then finds nothing.
func (s *Server) LeaveActivity(id, userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.activities[id]; a != nil {
		a.Users = slices.DeleteFunc(a.Users, func(u string) bool { return u == userID })
		if len(a.Users) == 0 {
			delete(s.activities, id)
		}
	}
}

// activityInstanceJSON is an instance as the lookup answers it.
type activityInstanceJSON struct {
	ApplicationID string       `json:"application_id"`
	InstanceID    string       `json:"instance_id"`
	LaunchID      string       `json:"launch_id"`
	Location      locationJSON `json:"location"`
	Users         []string     `json:"users"`
}

// locationJSON is where an instance runs: a guild channel ("gc") or a
// private one ("pc").
type locationJSON struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	ChannelID string `json:"channel_id"`
	GuildID   string `json:"guild_id,omitempty"`
}

func (s *Server) getActivityInstance(r *http.Request, _ *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.PathValue("app") != s.opts.AppID {
		return s.reject(apiError(403, 50001, "Missing Access"), "activity instance of application %q (the bot is %s)", r.PathValue("app"), s.opts.AppID)
	}
	a := s.activities[r.PathValue("instance")]
	if a == nil {
		// Not a violation: an instance ends when its last user leaves.
		e := apiError(404, 0, "404: Not Found")
		return e.status, e
	}
	loc := locationJSON{ID: a.LaunchID, Kind: "pc", ChannelID: a.ChannelID}
	if a.GuildID != "" {
		loc.Kind, loc.GuildID = "gc", a.GuildID
	}
	return 200, activityInstanceJSON{ApplicationID: s.opts.AppID, InstanceID: a.ID, LaunchID: a.LaunchID,
		Location: loc, Users: slices.Clone(a.Users)}
}

// StartActivity has userID launch the app's Activity from the App Launcher
// in guildID's channelID ("" guildID: a DM or group DM), as Discord does
// for an Entry Point command it handles itself: a new instance with
// userID in it.
func (s *Server) StartActivity(guildID, channelID, userID string) (ActivityInstance, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[userID]; !ok {
		return ActivityInstance{}, fmt.Errorf("discordtest: unknown user %q (AddUser first)", userID)
	}
	a := &ActivityInstance{ID: "i-" + s.NewID() + "-" + channelID, LaunchID: s.NewID(),
		GuildID: guildID, ChannelID: channelID, Users: []string{userID}}
	s.activities[a.ID] = a
	c := *a
	c.Users = slices.Clone(a.Users)
	return c, nil
}

// AuthorizeActivity is the code the Discord client gives an Activity's
// page when userID approves it (the SDK's authorize): exchanged by the
// app's backend with its client secret alone, no redirect, no PKCE.
func (s *Server) AuthorizeActivity(userID string) string {
	o := &s.oauth
	o.mu.Lock()
	defer o.mu.Unlock()
	code := s.NewID() + "a" + randomHex(8)
	o.codes[code] = &grant{user: userID, at: time.Now()}
	return code
}
