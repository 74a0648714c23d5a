"""Verifying a match in the background (``verify_match``, engine.audit.verify): asked by an auditor
or an operator, and — with ``VERIFY_ON_END`` — after every commit that ends a match, whoever made
it (``VerifyOnEnd``, one of the reactions)."""
from service.application.match.reactions import Reaction


class VerifyOnEnd(Reaction):
    name = "verify on end"

    def after(self, store, commit, prepared) -> None:
        if commit.ended:
            queue_verify(store.jobs, commit.match_id)


def queue_verify(jobs, match_id: str, job_id: str | None = None) -> str:
    """Queue ``verify_match`` (low priority; on the embedded store it has run on return)."""
    return jobs.enqueue("low", "verify_match", match_id, job_id=job_id or f"verify-{match_id}", keep=86400,
                        eager=True)


def verify_job(jobs, match_id: str, version: int) -> tuple[str, dict]:
    """The verification job of ``match_id`` at ``version`` (queued now if there is none yet): its id
    and status."""
    job_id = f"verify-{match_id}-v{version}"
    found = jobs.status(job_id)
    if found is None:
        queue_verify(jobs, match_id, job_id)
        found = jobs.status(job_id)
    return job_id, found
