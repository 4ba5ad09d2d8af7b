// The worker drains the job queue and runs each job.
package main

import (
	"log"
	"net/http"
	"time"

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
		var err error
		switch job.Kind {
		case "email":
			err = jobs.FromJob(job).Run(s)
		case "expire":
			err = jobs.ExpireJob{StoreURL: job.Payload["store"], Client: http.DefaultClient}.Run()
		default:
			continue
		}
		if err != nil {
			if !q.Retry(job) {
				log.Printf("job %s failed %d times, giving up: %v", job.ID, job.Attempts, err)
			}
		}
	}
}

func main() {
	q := queue.New()
	q.Push(&queue.Job{ID: "1", Kind: "email", Payload: map[string]string{"to": "ada@example.com", "order": "A-1"}})
	for range time.Tick(jobs.ExpireInterval) {
		q.Push(&queue.Job{ID: "expire", Kind: "expire", Payload: map[string]string{"store": "http://localhost:8000"}})
		drain(q, logSender{})
	}
}
