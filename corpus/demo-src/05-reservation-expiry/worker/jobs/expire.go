package jobs

import (
	"fmt"
	"net/http"
	"time"
)

// ExpireInterval is how often the worker asks the storefront to expire reservations.
const ExpireInterval = time.Minute

// ExpireJob asks the storefront to release reservations whose time has passed.
type ExpireJob struct {
	StoreURL string
	Client   *http.Client
}

// Run calls the storefront's expiry endpoint once.
func (j ExpireJob) Run() error {
	resp, err := j.Client.Post(j.StoreURL+"/internal/reservations/expire", "application/json", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("expire reservations: HTTP %d", resp.StatusCode)
	}
	return nil
}
