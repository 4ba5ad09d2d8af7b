// Modeled on spf13/cobra's command.go (611e16c): package-level var and const, alone and in blocks.
package cobra

import (
	"fmt"
	"io"
)

const FlagSetByCobraAnnotation = "cobra_annotation_flag_set_by_cobra"

const (
	defaultPrefix       = "help"
	_                   = iota
	minUsagePadding, maxUsagePadding = 25, 80
)

var EnableTraverseRunHooks = false

var (
	defaultHelpTemplate    = `{{with (or .Long .Short)}}{{. | trimTrailingWhitespaces}}{{end}}`
	defaultUsageTemplate   = `Usage:{{if .Runnable}}`
	defaultVersionTemplate = `{{with .Name}}{{printf "%s " .}}{{end}}`
	initializers           []func()
	_                      io.Writer = nil
)

var templateFuncs = map[string]interface{}{
	"trim": func(s string) string {
		var local = s
		return local
	},
}

type Command struct {
	Use   string
	Short string
	run   func(cmd *Command, args []string)
}

type PositionalArgs func(cmd *Command, args []string) error

func (c *Command) Execute() error {
	var err error
	const retries = 3
	handler := func() error {
		inner := func() {}
		inner()
		return nil
	}
	for i := 0; i < retries; i++ {
		err = handler()
	}
	return err
}

func (c Command) Name() string {
	return c.Use
}

func OnInitialize(y ...func()) {
	initializers = append(initializers, y...)
}

func init() {
	fmt.Println(defaultPrefix)
}
