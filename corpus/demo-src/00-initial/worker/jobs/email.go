// Package jobs holds the kinds of background work the worker knows.
package jobs

import (
	"fmt"

	"example.com/bookshop/worker/queue"
)

// Sender delivers one email.
type Sender interface {
	Send(to, subject, body string) error
}

// EmailJob sends an order confirmation.
type EmailJob struct {
	To      string
	OrderID string
}

// FromJob reads an EmailJob out of a queued job's payload.
func FromJob(job *queue.Job) EmailJob {
	return EmailJob{To: job.Payload["to"], OrderID: job.Payload["order"]}
}

// Render is the confirmation text.
func Render(orderID string) string {
	return fmt.Sprintf("Thank you for your order %s.", orderID)
}

// Run sends the email through s.
func (j EmailJob) Run(s Sender) error {
	return s.Send(j.To, "Your bookshop order", Render(j.OrderID))
}
