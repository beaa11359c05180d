package discordtest

// FormBody is formBody, for the external tests: the raw bot's multipart
// calls.
var FormBody = formBody
