package src

type cat struct{}

func (cat) T(l string, key string, args ...any) string            { return key }
func (cat) N(l string, n int, one, other string, a ...any) string { return one }

var c cat

var _ = c.T("en", "Your "+"turn.")
var _ = c.N("en", 2, "%d move", "%d moves")
var _ = c.T("en", notLiteral)

const notLiteral = "x"
