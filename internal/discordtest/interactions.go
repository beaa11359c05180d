package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Interaction types (wire values).
const (
	InteractionPing         = 1
	InteractionCommand      = 2
	InteractionComponent    = 3
	InteractionAutocomplete = 4
	InteractionModalSubmit  = 5
)

// Callback (interaction response) types (wire values).
const (
	CallbackMessage         = 4 // CHANNEL_MESSAGE_WITH_SOURCE
	CallbackDeferredMessage = 5 // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking…")
	CallbackDeferredUpdate  = 6 // DEFERRED_UPDATE_MESSAGE
	CallbackUpdateMessage   = 7 // UPDATE_MESSAGE
	CallbackAutocomplete    = 8 // APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
	CallbackModal           = 9 // MODAL
)

// Interaction is a handle on an interaction the fake sent to the bot. Its
// exported fields never change; what the bot did with it is read through
// its methods (Response, WaitResponse, WaitFinal, Timing).
type Interaction struct {
	ID, Token string
	Type      int    // InteractionCommand, InteractionComponent, InteractionModalSubmit
	GuildID   string // "" in DMs
	ChannelID string
	UserID    string
	MessageID string   // component / modal submit: the message the component is on
	Name      string   // slash command: its name
	CustomID  string   // component / modal submit: the custom_id
	Values    []string // select menu: chosen values
	Created   time.Time

	// userInstall: authorized by installer's user install alone (see
	// interactionSpec).
	userInstall bool
	installer   string

	s  *Server
	st interactionState // guarded by s.mu
}

type interactionState struct {
	firstAttempt time.Time // first callback request, accepted or not
	respondedAt  time.Time // accepted initial response
	finalAt      time.Time // final state reached (see WaitFinal)
	late         bool      // a callback arrived after the ack deadline
	acked        bool
	responseType int
	ephemeral    bool
	deferred     bool // type 5 or 6 not yet followed by an edit or follow-up
	originalID   string
	modal        *Modal
	choices      []Choice
	activity     string // LAUNCH_ACTIVITY: the instance launched
	callback     *Request
	followups    []string
	expired      bool
	delivery     *Delivery // the answer to its HTTP request (httpdelivery.go)
}

// Modal is a modal the bot opened (type-9 response).
type Modal struct {
	CustomID, Title string
	Inputs          []TextInput
}

// TextInput is a text input of a modal.
type TextInput struct {
	CustomID, Label, Placeholder, Value string
	Style                               int // 1 short, 2 paragraph
	Required                            bool
	MinLength, MaxLength                int
}

// Choice is an autocomplete choice.
type Choice struct {
	Name  string
	Value any
}

// Response is what the bot answered to an interaction.
//
// The embedded Message is the message the response created or updated,
// as it is when the Response is taken (zero for modals and autocomplete):
// resp.Content, resp.Components, resp.Attachments, resp.Ephemeral, resp.ID…
type Response struct {
	Type     int  // callback type: CallbackMessage … CallbackModal
	Deferred bool // type 5/6 whose edit or follow-up has not come (yet)
	Message
	Modal       *Modal   // type 9
	Choices     []Choice // type 8
	Callback    *Request // the raw initial-response request
	RespondedAt time.Time
	FinalAt     time.Time     // zero while Deferred
	Latency     time.Duration // RespondedAt - Created
	Followups   []Message     // follow-up messages (not counting one that replaced a "thinking" message)
}

// LastMessage is the newest message of the answer: the last follow-up if
// there is one (e.g. a private answer after a type-6 deferral), else the
// message the response created or updated.
func (r Response) LastMessage() Message {
	if n := len(r.Followups); n > 0 {
		return r.Followups[n-1]
	}
	return r.Message
}

// Timing is when an interaction was created and answered, for load tests.
type Timing struct {
	InteractionID string
	Type          int
	Created       time.Time // sent to the bot
	FirstAttempt  time.Time // first initial-response request (accepted or not); zero if none
	Responded     time.Time // accepted initial response; zero if none
	Final         time.Time // final state (deferred responses: their edit); zero if not reached
	Late          bool      // an initial response came after the ack deadline (refused with 10062)
}

// Latency is FirstAttempt - Created, or -1 when the bot never answered.
func (t Timing) Latency() time.Duration {
	if t.FirstAttempt.IsZero() {
		return -1
	}
	return t.FirstAttempt.Sub(t.Created)
}

// Timing returns this interaction's timing.
func (in *Interaction) Timing() Timing {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	return in.timingLocked()
}

func (in *Interaction) timingLocked() Timing {
	return Timing{InteractionID: in.ID, Type: in.Type, Created: in.Created, FirstAttempt: in.st.firstAttempt,
		Responded: in.st.respondedAt, Final: in.st.finalAt, Late: in.st.late}
}

// Timings returns the timing of every interaction so far, in creation order.
func (s *Server) Timings() []Timing {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Timing, len(s.order))
	for i, in := range s.order {
		out[i] = in.timingLocked()
	}
	return out
}

// Interactions returns every interaction so far, in creation order.
func (s *Server) Interactions() []*Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Interaction(nil), s.order...)
}

// Response returns the bot's response so far; ok is false before the
// initial response.
func (in *Interaction) Response() (Response, bool) {
	in.s.mu.Lock()
	if !in.st.acked {
		in.s.mu.Unlock()
		return Response{}, false
	}
	r := in.responseLocked()
	in.s.mu.Unlock()
	r.own()
	return r, true
}

// responseLocked is the response so far, its messages shallow copies
// (see own). Caller holds s.mu.
func (in *Interaction) responseLocked() Response {
	r := Response{Type: in.st.responseType, Deferred: in.st.deferred, Callback: in.st.callback,
		RespondedAt: in.st.respondedAt, FinalAt: in.st.finalAt, Latency: in.st.respondedAt.Sub(in.Created)}
	if m := in.s.messages[in.st.originalID]; m != nil {
		r.Message = *m
	}
	if in.st.modal != nil {
		md := *in.st.modal
		md.Inputs = append([]TextInput(nil), md.Inputs...)
		r.Modal = &md
	}
	r.Choices = append([]Choice(nil), in.st.choices...)
	for _, id := range in.st.followups {
		if m := in.s.messages[id]; m != nil {
			r.Followups = append(r.Followups, *m)
		}
	}
	return r
}

// own makes r's messages copies of their own, out of the lock: a stored
// body is never written to (an edit stores a new one), so a shallow copy
// taken under the lock can be copied in depth after it.
func (r *Response) own() {
	if r.Message.ID != "" {
		r.Message = r.Message.clone()
	}
	for i := range r.Followups {
		r.Followups[i] = r.Followups[i].clone()
	}
}

// ErrNoResponse is wrapped by WaitResponse/WaitFinal's error when the ack
// deadline passed without an accepted initial response (the user sees
// "This interaction failed").
var ErrNoResponse = errors.New("discordtest: interaction not answered in time")

func (in *Interaction) wait(timeout time.Duration, what string, done func() bool) (Response, error) {
	s := in.s
	// No accepted response by the ack deadline means none can come: stop
	// waiting then. (A response is accepted under the lock no later than
	// the deadline, so a little slack is enough.)
	ackBy := in.Created.Add(s.opts.AckDeadline + 20*time.Millisecond)
	end := time.Now().Add(timeout)
	var resp Response
	var nores bool
	for {
		step := time.Until(end)
		if d := time.Until(ackBy); d > 0 && d < step {
			step = d // wake up at the deadline to notice a missing response
		}
		ok := s.waitLocked(max(step, 0), func() bool {
			if done() {
				resp = in.responseLocked()
				return true
			}
			nores = !in.st.acked && time.Now().After(ackBy)
			return nores
		})
		if ok && !nores {
			resp.own()
			return resp, nil
		}
		if nores {
			t := in.Timing()
			detail := "no response at all"
			if t.Late {
				detail = fmt.Sprintf("first response came %v after creation", t.Latency().Round(time.Millisecond))
			}
			return Response{}, fmt.Errorf("%w: interaction %s (%s) got no accepted initial response within %v: %s; violations=%v",
				ErrNoResponse, in.ID, in.describe(), s.opts.AckDeadline, detail, s.Violations())
		}
		if !time.Now().Before(end) {
			r, _ := in.Response()
			return r, fmt.Errorf("%w after %v waiting for the %s of interaction %s (%s); so far: type=%d deferred=%v; violations=%v",
				ErrTimeout, timeout, what, in.ID, in.describe(), r.Type, r.Deferred, s.Violations())
		}
	}
}

func (in *Interaction) describe() string {
	switch in.Type {
	case InteractionCommand:
		return "/" + in.Name
	case InteractionComponent:
		return fmt.Sprintf("component %q on message %s", in.CustomID, in.MessageID)
	case InteractionModalSubmit:
		return fmt.Sprintf("modal %q", in.CustomID)
	}
	return fmt.Sprintf("type %d", in.Type)
}

// WaitResponse waits for the bot's accepted initial response (any type:
// a deferral counts). It fails early with ErrNoResponse once the ack
// deadline has passed without one.
func (in *Interaction) WaitResponse(timeout time.Duration) (Response, error) {
	return in.wait(timeout, "initial response", func() bool { return in.st.acked })
}

// WaitFinal waits for the interaction's final state: the initial response
// for types 4, 7, 8 and 9; after a deferral (5 or 6), the first edit of
// @original, follow-up or deletion that ends it.
func (in *Interaction) WaitFinal(timeout time.Duration) (Response, error) {
	return in.wait(timeout, "final state", func() bool { return !in.st.finalAt.IsZero() })
}

// Expire ends the interaction token's lifetime now (as after 15 minutes):
// later follow-ups and edits fail with 401 / 50027.
func (in *Interaction) Expire() {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	in.st.expired = true
}

// callbackAllowed mirrors Discord's rules for initial responses.
func callbackAllowed(interactionType, callbackType int) bool {
	switch callbackType {
	case CallbackMessage, CallbackDeferredMessage:
		return interactionType == InteractionCommand || interactionType == InteractionComponent || interactionType == InteractionModalSubmit
	case CallbackDeferredUpdate, CallbackUpdateMessage:
		return interactionType == InteractionComponent || interactionType == InteractionModalSubmit
	case CallbackAutocomplete:
		return interactionType == InteractionAutocomplete
	case CallbackModal, CallbackLaunchActivity:
		return interactionType == InteractionCommand || interactionType == InteractionComponent
	}
	return false
}

func (s *Server) reject(e *apiErr, format string, a ...any) (int, any) {
	s.violationLocked(format+": "+e.describe(), a...)
	return e.status, e
}

func (s *Server) interactionCallback(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactions[r.PathValue("id")]
	if in == nil || in.Token != r.PathValue("token") {
		return s.reject(apiError(404, 10062, "Unknown interaction"), "callback for unknown interaction %s", r.PathValue("id"))
	}
	return s.initialResponseLocked(in, rec)
}

// initialResponseLocked applies an initial response to in, sent through
// the callback endpoint or, for an interaction delivered over HTTP, in the
// body of the answer to Discord's request (rec.Route is then
// RouteInlineResponse). Caller holds s.mu.
func (s *Server) initialResponseLocked(in *Interaction, rec *Request) (int, any) {
	now := time.Now()
	if in.st.firstAttempt.IsZero() {
		in.st.firstAttempt = now
	}
	p, code, body := s.checkCallbackLocked(in, rec, now)
	if code != 0 {
		return code, body
	}
	if code, body := s.applyResponseLocked(in, p, rec, now); code != 0 {
		return code, body
	}
	in.st.acked, in.st.responseType, in.st.callback, in.st.respondedAt = true, p.Type, rec, now
	if s.opts.Lean { // the raw request holds the picture: keep no copy of it
		in.st.callback = nil
	}
	return http.StatusNoContent, nil
}

// checkCallbackLocked checks an initial response before it is applied:
// the first, in time, of a type the interaction allows, with files only
// for a message. It returns the response decoded, or the answer refusing
// it (code not 0). Caller holds s.mu.
func (s *Server) checkCallbackLocked(in *Interaction, rec *Request, now time.Time) (p callbackBody, code int, body any) {
	if in.st.acked {
		code, body = s.reject(apiError(400, 40060, "Interaction has already been acknowledged."),
			"interaction %s (%s) acknowledged twice (first with type %d)", in.ID, in.describe(), in.st.responseType)
		return p, code, body
	}
	if age := now.Sub(in.Created); age > s.opts.AckDeadline {
		in.st.late = true
		code, body = s.reject(apiError(404, 10062, "Unknown interaction"),
			"interaction %s (%s) answered after %v (deadline %v)", in.ID, in.describe(), age.Round(time.Millisecond), s.opts.AckDeadline)
		return p, code, body
	}
	p, err := decodeCallback(rec.JSON)
	switch {
	case err != nil:
		code, body = s.reject(apiError(400, 50109, "The request body contains invalid JSON."), "callback for %s", in.ID)
	case !callbackAllowed(in.Type, p.Type):
		code, body = s.reject(invalidForm(fe("type", "INTERACTION_CALLBACK_TYPE_INVALID", fmt.Sprintf("callback type %d is not valid for interaction type %d", p.Type, in.Type))),
			"interaction %s (%s)", in.ID, in.describe())
	case len(rec.Files) > 0 && p.Type != CallbackMessage && p.Type != CallbackUpdateMessage:
		code, body = s.reject(invalidForm(fe("files", "FAKE_FILES_NOT_ALLOWED", fmt.Sprintf("files cannot be sent with callback type %d", p.Type))),
			"interaction %s (%s)", in.ID, in.describe())
	}
	return p, code, body
}

// applyResponseLocked applies an initial response checked already: a new
// message, a deferral, an update of the clicked message, a modal or
// autocomplete choices. It returns the answer refusing it, or code 0.
// Caller holds s.mu.
func (s *Server) applyResponseLocked(in *Interaction, p callbackBody, rec *Request, now time.Time) (int, any) {
	via := fmt.Sprintf("callback %d", p.Type)
	switch p.Type {
	case CallbackMessage:
		return s.responseMessageLocked(in, p, rec, via, now)
	case CallbackDeferredMessage:
		m := s.newMessageLocked(in.ChannelID, in.GuildID)
		m.InteractionID, m.Type, m.Loading = in.ID, 20, true
		if in.Type != InteractionCommand {
			m.Type = 19
		}
		m.Flags = FlagLoading | p.flags()&FlagEphemeral
		m.Via, m.At = via, now
		m.Ephemeral = m.Flags&FlagEphemeral != 0
		if m.Ephemeral {
			m.UserID = in.UserID
		}
		s.storeMessageLocked(m)
		in.st.originalID, in.st.ephemeral, in.st.deferred = m.ID, m.Ephemeral, true
	case CallbackDeferredUpdate:
		if s.messages[in.MessageID] == nil {
			return s.reject(apiError(404, 10008, "Unknown Message"), "interaction %s (%s): deferred update of a message that does not exist", in.ID, in.describe())
		}
		in.st.originalID, in.st.deferred = in.MessageID, true
	case CallbackUpdateMessage:
		m := s.messages[in.MessageID]
		if m == nil || m.Deleted {
			return s.reject(apiError(404, 10008, "Unknown Message"), "interaction %s (%s): update of a message that does not exist", in.ID, in.describe())
		}
		if e := s.applyCallback(m, p, rec.Files, false, via); e != nil {
			return s.reject(e, "interaction %s (%s), response type 7", in.ID, in.describe())
		}
		in.st.originalID, in.st.ephemeral, in.st.finalAt = m.ID, m.Ephemeral, now
	case CallbackModal:
		md, errs := parseModal(p.Data)
		if len(errs) > 0 {
			return s.reject(invalidForm(errs...), "interaction %s (%s), modal", in.ID, in.describe())
		}
		in.st.modal, in.st.finalAt = md, now
	case CallbackAutocomplete:
		return s.autocompleteLocked(in, p, now)
	case CallbackLaunchActivity:
		s.launchActivityLocked(in, now)
	}
	return 0, nil
}

// responseMessageLocked answers in with a new message (type 4).
func (s *Server) responseMessageLocked(in *Interaction, p callbackBody, rec *Request, via string, now time.Time) (int, any) {
	m := s.newMessageLocked(in.ChannelID, in.GuildID)
	m.InteractionID = in.ID
	m.Type = 19 // REPLY
	if in.Type == InteractionCommand {
		m.Type = 20 // CHAT_INPUT_COMMAND
	}
	if e := s.applyCallback(m, p, rec.Files, true, via); e != nil {
		return s.reject(e, "interaction %s (%s), response type 4", in.ID, in.describe())
	}
	m.Ephemeral = m.Flags&FlagEphemeral != 0
	if m.Ephemeral {
		m.UserID = in.UserID
	}
	s.storeMessageLocked(m)
	in.st.originalID, in.st.ephemeral, in.st.finalAt = m.ID, m.Ephemeral, now
	return 0, nil
}

// autocompleteLocked answers in with autocomplete choices (type 8), at
// most 25.
func (s *Server) autocompleteLocked(in *Interaction, p callbackBody, now time.Time) (int, any) {
	var d struct {
		Choices []struct {
			Name  string `json:"name"`
			Value any    `json:"value"`
		} `json:"choices"`
	}
	_ = json.Unmarshal(p.Data, &d)
	if len(d.Choices) > 25 {
		return s.reject(invalidForm(tooLong("data.choices", 25)), "interaction %s autocomplete", in.ID)
	}
	for _, c := range d.Choices {
		in.st.choices = append(in.st.choices, Choice{Name: c.Name, Value: c.Value})
	}
	in.st.finalAt = now
	return 0, nil
}

// callbackBody is an interaction response as the bot sent it, decoded
// once: its type, and its data's keys when data is an object (the message
// of types 4 and 7, the flags of type 5), else its data raw (data that is
// no object, and the types 8 and 9, read whole).
type callbackBody struct {
	Type   int
	Fields map[string]json.RawMessage // data's keys; nil for null or absent data
	Data   json.RawMessage            // when !decoded
	// decoded says that Fields holds data (else Data does).
	decoded bool
}

func decodeCallback(body []byte) (callbackBody, error) {
	r := jsonReader{b: body} // body is valid JSON: parseBody checked it
	if c, ok := r.callback(); ok && r.end() && c.Type != CallbackModal && c.Type != CallbackAutocomplete {
		return c, nil
	}
	var p struct {
		Type int                        `json:"type"`
		Data map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &p); err == nil && p.Type != CallbackModal && p.Type != CallbackAutocomplete {
		return callbackBody{Type: p.Type, Fields: p.Data, decoded: true}, nil
	}
	var q struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	err := json.Unmarshal(body, &q)
	return callbackBody{Type: q.Type, Data: q.Data}, err
}

// flags is data's flags (0 when absent or not a number).
func (c callbackBody) flags() int {
	var f struct {
		Flags int `json:"flags"`
	}
	if c.decoded {
		_ = json.Unmarshal(c.Fields["flags"], &f.Flags)
	} else {
		_ = json.Unmarshal(c.Data, &f)
	}
	return f.Flags
}

// applyCallback applies the message in a callback's data to m (see
// applyPayload).
func (s *Server) applyCallback(m *Message, c callbackBody, files []File, create bool, via string) *apiErr {
	if c.decoded {
		return s.applyFields(m, c.Fields, files, create, "data", via)
	}
	return s.applyPayload(m, c.Data, files, create, "data", via)
}

func parseModal(raw json.RawMessage) (*Modal, []formError) {
	var d struct {
		CustomID   *string         `json:"custom_id"`
		Title      string          `json:"title"`
		Components []wireComponent `json:"components"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, []formError{fe("data", "MODEL_TYPE_CONVERT", err.Error())}
	}
	var errs []formError
	errs = append(errs, validateCustomID(wireComponent{CustomID: str(d.CustomID)}, "data")...)
	if d.Title == "" || runes(d.Title) > MaxModalTitle {
		errs = append(errs, fe("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."))
	}
	if len(d.Components) < 1 || len(d.Components) > MaxModalRows {
		errs = append(errs, fe("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
	}
	md := &Modal{CustomID: str(d.CustomID), Title: d.Title}
	seen := map[string]bool{}
	for i, row := range d.Components {
		rp := fmt.Sprintf("data.components.%d", i)
		if row.Type != ComponentActionRow || len(row.Components) != 1 || row.Components[0].Type != ComponentTextInput {
			errs = append(errs, fe(rp, "FAKE_MODAL_LAYOUT", "each modal row must be an action row holding exactly one text input"))
			continue
		}
		c := row.Components[0]
		cp := rp + ".components.0"
		errs = append(errs, validateCustomID(c, cp)...)
		if seen[c.CustomID] {
			errs = append(errs, fe(cp+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"))
		}
		seen[c.CustomID] = true
		if c.Label == "" || runes(c.Label) > MaxTextInputLabel {
			errs = append(errs, fe(cp+".label", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."))
		}
		if c.Style != 1 && c.Style != 2 {
			errs = append(errs, fe(cp+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}."))
		}
		if c.MaxLength > 4000 || c.MinLength > 4000 || (c.MaxLength > 0 && c.MinLength > c.MaxLength) {
			errs = append(errs, fe(cp+".max_length", "NUMBER_TYPE_MAX", "min_length/max_length must be within 0..4000 and min <= max"))
		}
		required := true
		if c.Required != nil {
			required = *c.Required
		}
		md.Inputs = append(md.Inputs, TextInput{CustomID: c.CustomID, Label: c.Label, Placeholder: c.Placeholder,
			Value: c.Value, Style: c.Style, Required: required, MinLength: c.MinLength, MaxLength: c.MaxLength})
	}
	return md, errs
}

// ---- webhook (interaction token) endpoints -----------------------------

func (s *Server) interactionByToken(r *http.Request) (*Interaction, *apiErr) {
	in := s.byToken[r.PathValue("token")]
	switch {
	case r.PathValue("app") != s.opts.AppID:
		e := apiError(401, 50027, "Invalid Webhook Token")
		s.violationLocked("%s %s: application id %q is not the bot's: %s", r.Method, r.URL.Path, r.PathValue("app"), e.describe())
		return nil, e
	case in == nil:
		e := apiError(401, 50027, "Invalid Webhook Token")
		s.violationLocked("%s %s: unknown interaction token: %s", r.Method, trimToken(r), e.describe())
		return nil, e
	case in.st.expired || time.Since(in.Created) > s.opts.TokenLifetime:
		e := apiError(401, 50027, "Invalid Webhook Token")
		s.violationLocked("%s on interaction %s (%s) after its token expired: %s", r.Method, in.ID, in.describe(), e.describe())
		return nil, e
	case !in.st.acked:
		e := apiError(404, 10015, "Unknown Webhook")
		s.violationLocked("%s on interaction %s (%s) before its initial response: %s", r.Method, in.ID, in.describe(), e.describe())
		return nil, e
	}
	return in, nil
}

func trimToken(r *http.Request) string {
	return fmt.Sprintf("/webhooks/%s/<token>/%s", r.PathValue("app"), r.PathValue("message"))
}

func (s *Server) targetMessage(in *Interaction, id string) *Message {
	if id == "@original" {
		m := s.messages[in.st.originalID]
		if m == nil || m.Deleted {
			return nil
		}
		return m
	}
	for _, f := range in.st.followups {
		if f == id {
			if m := s.messages[id]; m != nil && !m.Deleted {
				return m
			}
		}
	}
	return nil
}

// webhookMessageLocked is the interaction of a webhook request's token and
// the message its path names (@original or a follow-up); or the answer
// refusing the request (code not 0): a token that is not a live
// interaction's (50027) or an unknown message (10008). Caller holds s.mu.
func (s *Server) webhookMessageLocked(r *http.Request) (in *Interaction, m *Message, code int, body any) {
	in, e := s.interactionByToken(r)
	if e != nil {
		return nil, nil, e.status, e
	}
	id := r.PathValue("message")
	if m = s.targetMessage(in, id); m == nil {
		code, body = s.reject(apiError(404, 10008, "Unknown Message"), "interaction %s (%s): webhook message %q does not exist", in.ID, in.describe(), id)
	}
	return in, m, code, body
}

// webhookMessage is a handler of /webhooks/{app}/{token}/messages/{message}:
// do runs under s.mu with the request's interaction and message, once
// webhookMessageLocked has found both (or refused the request).
func (s *Server) webhookMessage(do func(r *http.Request, rec *Request, in *Interaction, m *Message) (int, any)) handlerFunc {
	return func(r *http.Request, rec *Request) (int, any) {
		s.mu.Lock()
		defer s.mu.Unlock()
		in, m, code, body := s.webhookMessageLocked(r)
		if code != 0 {
			return code, body
		}
		return do(r, rec, in, m)
	}
}

// webhookMessageGet answers GET /webhooks/{app}/{token}/messages/{message}.
func (s *Server) webhookMessageGet(_ *http.Request, _ *Request, _ *Interaction, m *Message) (int, any) {
	return 200, s.messageWire(m)
}

// endDeferralLocked marks a deferred interaction as answered for good.
func (s *Server) endDeferralLocked(in *Interaction) {
	if in.st.deferred {
		in.st.deferred = false
		in.st.finalAt = time.Now()
	}
}

// webhookMessageEdit answers PATCH /webhooks/{app}/{token}/messages/{message}:
// an edit of @original ends a deferral.
func (s *Server) webhookMessageEdit(r *http.Request, rec *Request, in *Interaction, m *Message) (int, any) {
	id := r.PathValue("message")
	if e := s.applyPayload(m, rec.JSON, rec.Files, false, "", "webhook edit"); e != nil {
		return s.reject(e, "interaction %s (%s): edit of webhook message %s", in.ID, in.describe(), id)
	}
	if m.Loading {
		m.Loading = false
		m.Flags &^= FlagLoading
	}
	if id == "@original" || m.ID == in.st.originalID {
		s.endDeferralLocked(in)
	}
	return 200, s.messageWire(m)
}

// webhookMessageDelete answers DELETE
// /webhooks/{app}/{token}/messages/{message}.
func (s *Server) webhookMessageDelete(_ *http.Request, _ *Request, in *Interaction, m *Message) (int, any) {
	m.Deleted = true
	if m.ID == in.st.originalID {
		s.endDeferralLocked(in)
	}
	return http.StatusNoContent, nil
}

func (s *Server) followupCreate(r *http.Request, rec *Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in, e := s.interactionByToken(r)
	if e != nil {
		return e.status, e
	}
	var m *Message
	if in.st.deferred && in.st.responseType == CallbackDeferredMessage {
		// The first follow-up after a type-5 ack replaces the "thinking"
		// message; its flags (ephemeral) come from the ack, not the payload.
		m = s.messages[in.st.originalID]
		if e := s.applyPayload(m, rec.JSON, rec.Files, false, "", "followup"); e != nil {
			return s.reject(e, "interaction %s (%s): follow-up", in.ID, in.describe())
		}
		m.Loading = false
		m.Flags &^= FlagLoading
	} else {
		if e := s.followupRefusedLocked(in); e != nil {
			return s.reject(e, "interaction %s (%s): follow-up #%d of a user install's interaction", in.ID, in.describe(), len(in.st.followups)+1)
		}
		m = s.newMessageLocked(in.ChannelID, in.GuildID)
		m.InteractionID, m.Type = in.ID, 19
		if e := s.applyPayload(m, rec.JSON, rec.Files, true, "", "followup"); e != nil {
			return s.reject(e, "interaction %s (%s): follow-up", in.ID, in.describe())
		}
		m.Ephemeral = m.Flags&FlagEphemeral != 0
		if m.Ephemeral {
			m.UserID = in.UserID
		}
		s.storeMessageLocked(m)
		in.st.followups = append(in.st.followups, m.ID)
	}
	s.endDeferralLocked(in)
	// Discord: a follow-up "functions the same as Execute Webhook, but wait
	// is always true": the message comes back whatever ?wait says.
	return 200, s.messageWire(m)
}
