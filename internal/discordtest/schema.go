package discordtest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Every JSON body the bot sends (and the payload_json part of a multipart
// body) is validated against the request-body schema of the matching
// operation in Discord's official OpenAPI description: discord/discord-api-spec,
// specs/openapi.json (OpenAPI 3.1, whose schemas are JSON Schema 2020-12),
// kept whole in testdata/openapi.json with its MIT licence beside it
// (testdata/LICENSE; testdata/README.md names the commit). A body that breaks it is a violation,
// answered 400 / 50035 Invalid Form Body as Discord does, before the fake's
// own structural checks run.
//
// The spec describes API v10; discordgo v0.29.0 speaks v9. The request
// bodies the fake serves are the same in both but for the meaning of
// "attachments" in edits, which the schema does not constrain.

//go:embed testdata/openapi.json
var openAPISpec []byte

// specURL is the base the spec's internal $refs resolve against.
const specURL = "https://discord.com/api/openapi.json"

// operations maps each route the fake serves with a body to its OpenAPI
// path and method.
var operations = map[string][2]string{
	RouteGlobalCommands: {"/applications/{application_id}/commands", "put"},
	RouteGuildCommands:  {"/applications/{application_id}/guilds/{guild_id}/commands", "put"},
	RouteCallback:       {"/interactions/{interaction_id}/{interaction_token}/callback", "post"},
	RouteWebhookEdit:    {"/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "patch"},
	RouteFollowup:       {"/webhooks/{webhook_id}/{webhook_token}", "post"},
	RouteCreateDM:       {"/users/@me/channels", "post"},
	RouteSendMessage:    {"/channels/{channel_id}/messages", "post"},
	RouteEditMessage:    {"/channels/{channel_id}/messages/{message_id}", "patch"},
}

// schemaSet holds the compiled request-body schemas, one per route,
// compiled on first use and shared by every Server of the process.
type schemaSet struct {
	once     sync.Once
	err      error
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	byRoute  map[string]*jsonschema.Schema
}

var sharedSchemas = &schemaSet{byRoute: map[string]*jsonschema.Schema{}}

func loadSchemas() *schemaSet { return sharedSchemas }

func (ss *schemaSet) load() error {
	ss.once.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(openAPISpec))
		if err != nil {
			ss.err = fmt.Errorf("discordtest: reading the OpenAPI spec: %w", err)
			return
		}
		fastUnions(doc)
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		if err := c.AddResource(specURL, doc); err != nil {
			ss.err = fmt.Errorf("discordtest: loading the OpenAPI spec: %w", err)
			return
		}
		ss.compiler = c
	})
	return ss.err
}

// pointerEscape escapes a JSON pointer token.
func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// schema returns the compiled request-body schema of route (nil if the
// route takes no body the fake validates).
func (ss *schemaSet) schema(route string) (*jsonschema.Schema, error) {
	op, ok := operations[route]
	if !ok {
		return nil, nil
	}
	if err := ss.load(); err != nil {
		return nil, err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if sch := ss.byRoute[route]; sch != nil {
		return sch, nil
	}
	loc := specURL + "#/paths/" + pointerEscape(op[0]) + "/" + op[1] + "/requestBody/content/application~1json/schema"
	sch, err := ss.compiler.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("discordtest: compiling the request schema of %s %s: %w", strings.ToUpper(op[1]), op[0], err)
	}
	ss.byRoute[route] = sch
	return sch, nil
}

// SchemaCheck validates a request body (JSON, as the bot would send it)
// against the official OpenAPI request-body schema of route (a Route*
// constant) and returns the problems found, one line each, or nil when it
// conforms. Routes without a request body return nil.
func SchemaCheck(route string, body []byte) ([]string, error) {
	sch, err := sharedSchemas.schema(route)
	if err != nil || sch == nil {
		return nil, err
	}
	return validateAgainst(sch, body)
}

// validateAgainst checks body (JSON) against sch: the problems found, one
// line each, or nil when it conforms.
func validateAgainst(sch *jsonschema.Schema, body []byte) ([]string, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return []string{"invalid JSON: " + err.Error()}, nil
	}
	var ve *jsonschema.ValidationError
	if err := sch.Validate(v); errors.As(err, &ve) {
		var out []string
		for _, l := range schemaLeaves(ve) {
			out = append(out, l.String())
		}
		return out, nil
	} else if err != nil {
		return nil, err
	}
	return nil, nil
}

// checkSchema validates rec's JSON against the route's official schema:
// nil if it conforms (or the route has no body), else the 50035 answer,
// recorded as a violation.
func (s *Server) checkSchema(route string, r *http.Request, rec *Request) *apiErr {
	if len(rec.JSON) == 0 {
		return nil
	}
	if n := s.opts.SchemaSample; n > 1 {
		if seen := s.schemaSeen[route]; seen != nil && (seen.Add(1)-1)%uint64(n) != 0 {
			return nil
		}
	}
	sch, err := s.schemas.schema(route)
	if err != nil {
		s.violation("%s %s: %v", r.Method, r.URL.Path, err)
		return nil
	}
	if sch == nil {
		return nil
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(rec.JSON))
	if err != nil {
		return nil // parseBody already refused invalid JSON
	}
	var ve *jsonschema.ValidationError
	if err := sch.Validate(v); !errors.As(err, &ve) {
		return nil
	}
	leaves := schemaLeaves(ve)
	var errs []formError
	var lines []string
	for _, l := range leaves {
		errs = append(errs, fe(strings.Join(l.path, "."), l.code, l.msg))
		lines = append(lines, l.String())
	}
	e := invalidForm(errs...)
	where := r.URL.Path
	if interactionRoutes[route] {
		where = route // keep tokens out of the report
	}
	s.mu.Lock()
	if route == RouteCallback {
		if in := s.interactions[r.PathValue("id")]; in != nil && in.st.firstAttempt.IsZero() {
			in.st.firstAttempt = time.Now()
		}
	}
	s.violationLocked("%s %s: body breaks Discord's OpenAPI schema (%s): %s", r.Method, where,
		strings.ToUpper(operations[route][1])+" "+operations[route][0], strings.Join(lines, "; "))
	s.mu.Unlock()
	return e
}

// schemaLeaf is one precise complaint of the validator.
type schemaLeaf struct {
	path []string // instance location
	code string   // a Discord-like error code
	msg  string
}

// String is the leaf's path and message.
func (l schemaLeaf) String() string { return "/" + strings.Join(l.path, "/") + ": " + l.msg }

var printer = message.NewPrinter(language.English)

// schemaLeaves reduces a validation error tree to its useful leaves. The
// spec's unions (anyOf over component types, callback types…) report every
// alternative's failure; alternatives whose "type" discriminator does not
// match the value are dropped when another alternative remains, so that a
// button with a bad style is reported as such and not as "not a container,
// not a section, …".
func schemaLeaves(ve *jsonschema.ValidationError) []schemaLeaf {
	var out []schemaLeaf
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		causes := e.Causes
		switch e.ErrorKind.(type) {
		case *kind.AnyOf, *kind.OneOf:
			var keep []*jsonschema.ValidationError
			for _, c := range causes {
				if !discriminatorMismatch(c, e.InstanceLocation) {
					keep = append(keep, c)
				}
			}
			if len(keep) > 0 {
				causes = keep
			}
			// Of the alternatives left, the ones that got furthest into
			// the value say what is wrong ("best match").
			deepest := 0
			for _, c := range causes {
				deepest = max(deepest, depth(c))
			}
			keep = nil
			for _, c := range causes {
				if depth(c) == deepest {
					keep = append(keep, c)
				}
			}
			causes = keep
		}
		if len(causes) == 0 {
			out = append(out, schemaLeaf{path: e.InstanceLocation, code: discordCode(e.ErrorKind), msg: e.ErrorKind.LocalizedString(printer)})
			return
		}
		for _, c := range causes {
			walk(c)
		}
	}
	walk(ve)
	// The same complaint may come through several alternatives.
	slices.SortStableFunc(out, func(a, b schemaLeaf) int { return strings.Compare(a.String(), b.String()) })
	out = slices.CompactFunc(out, func(a, b schemaLeaf) bool { return a.String() == b.String() })
	// "value must be 1", "value must be 2"… at one place: one line.
	var merged []schemaLeaf
	for _, l := range out {
		if n := len(merged); n > 0 && l.code == "BASE_TYPE_CHOICES" && merged[n-1].code == l.code &&
			slices.Equal(merged[n-1].path, l.path) && strings.HasPrefix(l.msg, "value must be ") {
			prev := &merged[n-1]
			so := strings.TrimPrefix(strings.TrimPrefix(prev.msg, "value must be one of "), "value must be ")
			prev.msg = "value must be one of " + so + ", " + strings.TrimPrefix(l.msg, "value must be ")
			continue
		}
		merged = append(merged, l)
	}
	return merged
}

// depth is how deep into the value the deepest complaint under e lies.
func depth(e *jsonschema.ValidationError) int {
	d := len(e.InstanceLocation)
	for _, c := range e.Causes {
		d = max(d, depth(c))
	}
	return d
}

// discriminatorMismatch reports whether e (an alternative of a union at
// loc) failed because the value's "type" is not that alternative's.
func discriminatorMismatch(e *jsonschema.ValidationError, loc []string) bool {
	found := false
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if found {
			return
		}
		if len(e.InstanceLocation) == len(loc)+1 && slices.Equal(e.InstanceLocation[:len(loc)], loc) && e.InstanceLocation[len(loc)] == "type" {
			switch e.ErrorKind.(type) {
			case *kind.Const, *kind.Enum:
				found = true
				return
			}
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(e)
	return found
}

// discordCode names a schema failure the way Discord's 50035 answers do.
func discordCode(k jsonschema.ErrorKind) string {
	switch k.(type) {
	case *kind.MaxLength, *kind.MaxItems:
		return "BASE_TYPE_MAX_LENGTH"
	case *kind.MinLength, *kind.MinItems:
		return "BASE_TYPE_MIN_LENGTH"
	case *kind.Enum, *kind.Const:
		return "BASE_TYPE_CHOICES"
	case *kind.Required:
		return "BASE_TYPE_REQUIRED"
	case *kind.Type:
		return "BASE_TYPE_INVALID"
	case *kind.Maximum, *kind.ExclusiveMaximum:
		return "NUMBER_TYPE_MAX"
	case *kind.Minimum, *kind.ExclusiveMinimum:
		return "NUMBER_TYPE_MIN"
	case *kind.AdditionalProperties:
		return "UNKNOWN_FIELD"
	}
	return "SCHEMA_INVALID"
}

// ---- speed ------------------------------------------------------------------

// fastUnions rewrites parts of the spec into equivalent forms that the
// validator checks far faster. As written, a table update took 4 ms to
// validate: every alternative of every union is evaluated in full, and
// every integer comparison goes through math/big. The rewrites:
//
//   - a oneOf/anyOf of bare consts (the spec's enums, e.g. ButtonStyleTypes:
//     oneOf [{title: PRIMARY, const: 1}, …]) becomes an enum of them;
//   - a property holding an enum of integers drops "type": "integer" (the
//     enum implies it) and an allOf that only restates a wider enum (each
//     component's "type": enum [2], allOf [MessageComponentTypes]);
//   - a oneOf/anyOf whose alternatives are all objects that require a "type"
//     property restricted to an enum or const, the sets being disjoint (the
//     component unions, the callback types), becomes: "type" is required and
//     one of the union's values, and then if "type" is one of the first
//     alternative's values the value must be valid against it, else if…
//
// Each accepts exactly the values the original accepts: with disjoint
// discriminators at most one alternative can match, so oneOf and anyOf
// agree with "the alternative the type selects". Anything else is left as
// written.
func fastUnions(doc any) {
	root, _ := doc.(map[string]any)
	comps, _ := root["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	resolve := func(v any) map[string]any {
		m, _ := v.(map[string]any)
		if ref, ok := m["$ref"].(string); ok && len(m) == 1 {
			if name, ok := strings.CutPrefix(ref, "#/components/schemas/"); ok {
				m, _ = schemas[name].(map[string]any)
			}
		}
		return m
	}
	eachMap(doc, func(n map[string]any) { // const unions
		for _, k := range []string{"oneOf", "anyOf"} {
			items, _ := n[k].([]any)
			if consts, ok := constUnion(items); ok && len(items) >= 2 && n["enum"] == nil {
				delete(n, k)
				n["enum"] = consts
			}
		}
	})
	eachMap(doc, func(n map[string]any) { // redundant checks beside an enum of integers
		enum, ok := n["enum"].([]any)
		if !ok || !allIntegers(enum) {
			return
		}
		if n["type"] == "integer" {
			delete(n, "type")
		}
		if all, ok := n["allOf"].([]any); ok && len(all) == 1 {
			if wider, ok := resolve(all[0])["enum"].([]any); ok && subset(enum, wider) {
				delete(n, "allOf")
			}
		}
	})
	eachMap(doc, func(n map[string]any) { // discriminated unions
		for _, k := range []string{"oneOf", "anyOf"} {
			items, _ := n[k].([]any)
			if len(items) < 2 {
				continue
			}
			if guard, chain, ok := discriminated(items, resolve); ok {
				delete(n, k)
				all, _ := n["allOf"].([]any)
				n["allOf"] = append(all, guard, chain)
			}
		}
	})
}

// eachMap calls f on every object of v, parents before children.
func eachMap(v any, f func(map[string]any)) {
	switch n := v.(type) {
	case []any:
		for _, x := range n {
			eachMap(x, f)
		}
	case map[string]any:
		f(n)
		for _, x := range n {
			eachMap(x, f)
		}
	}
}

func allIntegers(vals []any) bool {
	for _, v := range vals {
		n, ok := v.(json.Number)
		if !ok || strings.ContainsAny(n.String(), ".eE") {
			return false
		}
	}
	return len(vals) > 0
}

func subset(a, b []any) bool {
	for _, x := range a {
		if !slices.ContainsFunc(b, func(y any) bool { return fmt.Sprint(x) == fmt.Sprint(y) }) {
			return false
		}
	}
	return true
}

// constUnion returns the values of a union of bare consts.
func constUnion(items []any) ([]any, bool) {
	var out []any
	for _, it := range items {
		m, _ := it.(map[string]any)
		c, ok := m["const"]
		if !ok {
			return nil, false
		}
		for k := range m {
			if k != "const" && k != "title" && k != "description" {
				return nil, false
			}
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

// discriminated rewrites a union discriminated by a required "type"
// property with disjoint values (see fastUnions): guard checks that "type"
// is there and one of the union's values, chain is the if/then/else that
// validates against the alternative it selects.
func discriminated(items []any, resolve func(any) map[string]any) (guard, chain map[string]any, ok bool) {
	seen := map[string]bool{}
	var union []any
	type branch struct {
		vals []any
		alt  any
	}
	var branches []branch
	for _, it := range items {
		alt := resolve(it)
		if alt == nil || !isObjectType(alt["type"]) {
			return nil, nil, false
		}
		req, _ := alt["required"].([]any)
		if !slices.Contains(req, any("type")) {
			return nil, nil, false
		}
		props, _ := alt["properties"].(map[string]any)
		tp, _ := props["type"].(map[string]any)
		var vals []any
		if e, ok := tp["enum"].([]any); ok {
			vals = e
		} else if c, ok := tp["const"]; ok {
			vals = []any{c}
		}
		if len(vals) == 0 {
			return nil, nil, false
		}
		for _, v := range vals {
			key := fmt.Sprint(v)
			if seen[key] {
				return nil, nil, false // not disjoint
			}
			seen[key] = true
		}
		union = append(union, vals...)
		branches = append(branches, branch{vals, it})
	}
	guard = map[string]any{"type": "object", "required": []any{"type"},
		"properties": map[string]any{"type": map[string]any{"enum": union}}}
	// The last alternative needs no test: the guard leaves nothing else.
	next := any(branches[len(branches)-1].alt)
	for i := len(branches) - 2; i >= 0; i-- {
		next = map[string]any{
			"if":   map[string]any{"properties": map[string]any{"type": map[string]any{"enum": branches[i].vals}}},
			"then": branches[i].alt,
			"else": next,
		}
	}
	chain, _ = next.(map[string]any)
	return guard, chain, true
}

func isObjectType(t any) bool {
	switch t := t.(type) {
	case string:
		return t == "object"
	case []any:
		return len(t) == 1 && t[0] == "object"
	}
	return false
}
