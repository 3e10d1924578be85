-- The leases a process holds, found at once: its heartbeat renews them every few seconds
-- (rests, with no owner, are left out of the index).
CREATE INDEX timer_leases_by_owner ON timer_leases (owner) WHERE owner IS NOT NULL;
