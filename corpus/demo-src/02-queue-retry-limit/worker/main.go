// The worker drains the job queue and runs each job.
package main

import (
	"log"

	"example.com/bookshop/worker/jobs"
	"example.com/bookshop/worker/queue"
)

type logSender struct{}

func (logSender) Send(to, subject, body string) error {
	log.Printf("to=%s subject=%q body=%q", to, subject, body)
	return nil
}

// drain runs every queued job once, retrying the ones that fail.
func drain(q *queue.Queue, s jobs.Sender) {
	for job := q.Pop(); job != nil; job = q.Pop() {
		if job.Kind != "email" {
			continue
		}
		if err := jobs.FromJob(job).Run(s); err != nil {
			if !q.Retry(job) {
				log.Printf("job %s failed %d times, giving up: %v", job.ID, job.Attempts, err)
			}
		}
	}
}

func main() {
	q := queue.New()
	q.Push(&queue.Job{ID: "1", Kind: "email", Payload: map[string]string{"to": "ada@example.com", "order": "A-1"}})
	drain(q, logSender{})
}
