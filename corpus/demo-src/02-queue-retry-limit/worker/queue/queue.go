// Package queue is the in-memory job queue the worker drains.
package queue

import "sync"

// MaxRetries is how many times a failed job is tried again.
const MaxRetries = 3

// Job is one unit of background work.
type Job struct {
	ID       string
	Kind     string
	Payload  map[string]string
	Attempts int
}

// Queue is a FIFO of jobs, safe for concurrent use.
type Queue struct {
	mu   sync.Mutex
	jobs []*Job
	dead []*Job
}

// New returns an empty queue.
func New() *Queue {
	return &Queue{}
}

// Push appends a job.
func (q *Queue) Push(job *Job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, job)
}

// Pop removes and returns the oldest job, or nil when the queue is empty.
func (q *Queue) Pop() *Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.jobs) == 0 {
		return nil
	}
	job := q.jobs[0]
	q.jobs = q.jobs[1:]
	return job
}

// Len is the number of waiting jobs.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.jobs)
}

// Retry puts a failed job back at the end of the queue, or on the dead-letter
// list once it has been tried MaxRetries times. It reports whether the job will run again.
func (q *Queue) Retry(job *Job) bool {
	job.Attempts++
	if job.Attempts > MaxRetries {
		q.mu.Lock()
		defer q.mu.Unlock()
		q.dead = append(q.dead, job)
		return false
	}
	q.Push(job)
	return true
}

// Dead lists the jobs that failed too often.
func (q *Queue) Dead() []*Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]*Job(nil), q.dead...)
}
