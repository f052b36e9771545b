#!/usr/bin/env python3
"""Walks the booking flow through a client that openapi-python-client generated from
docs/openapi.yaml, against a running server: search -> quote -> guest -> book -> replay ->
trips -> cancel. Every answer must be parsed by the generated client into its documented
model (a response the generator had to leave out, or one that does not fit its model,
fails here), and the numbers must agree along the way.

usage: generated_client.py BASE_URL TODAY   (the generated package `stays_client` on PYTHONPATH)
"""
import datetime
import sys
import uuid

from stays_client import AuthenticatedClient, Client
from stays_client.api.guests import create_guest
from stays_client.api.listings import search_listings
from stays_client.api.prices import get_quote
from stays_client.api.reservations import cancel_reservation, create_reservation, list_trips
from stays_client.models import GuestCredentials, ListingSearchPage, Quote, Reservation, ReservationRequest, TripPage

BASE, TODAY = sys.argv[1].rstrip("/"), datetime.date.fromisoformat(sys.argv[2])
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)
    return condition


def parsed(response, model, what):
    """The response's parsed model; a failure when the generated client could not make one."""
    ok = check(response.status_code in (200, 201) and isinstance(response.parsed, model),
               f"{what}: {response.status_code} parsed as {type(response.parsed).__name__} (want {model.__name__})")
    if not ok:
        print(response.content[:400].decode("utf-8", "replace"))
        sys.exit(1)
    return response.parsed


def main():
    checkin = TODAY + datetime.timedelta(days=30)
    checkout = checkin + datetime.timedelta(days=2)
    client = Client(base_url=BASE, raise_on_unexpected_status=True)

    page = parsed(search_listings.sync_detailed(client=client, checkin=checkin, checkout=checkout, adults=2, limit=5),
                  ListingSearchPage, "search")
    check(len(page.items) > 0, f"search found {len(page.items)} listings for {checkin}..{checkout}")
    listing = page.items[0]

    quote = parsed(get_quote.sync_detailed(client=client, listing_id=listing.id, checkin=checkin, checkout=checkout,
                                           adults=2), Quote, "quote")
    check(quote.total == listing.total_price, f"quote total {quote.total} == the card's totalPrice {listing.total_price}")

    credentials = parsed(create_guest.sync_detailed(client=client), GuestCredentials, "guest")
    guest = AuthenticatedClient(base_url=BASE, token=credentials.token, raise_on_unexpected_status=True)

    request = ReservationRequest(listing_id=listing.id, checkin=checkin, checkout=checkout, adults=2,
                                 expected_total=quote.total)
    key = str(uuid.uuid4())
    first = create_reservation.sync_detailed(client=guest, body=request, idempotency_key=key)
    reservation = parsed(first, Reservation, "book")
    check(first.status_code == 201, f"book answered {first.status_code}")
    check(first.headers.get("location") == f"/reservations/{reservation.id}",
          f"book Location {first.headers.get('location')}")
    check(reservation.total == quote.total, f"reservation total {reservation.total} == quote {quote.total}")

    replay = create_reservation.sync_detailed(client=guest, body=request, idempotency_key=key)
    replayed = parsed(replay, Reservation, "replay")
    check(replay.status_code == 201 and replay.headers.get("idempotent-replayed") == "true",
          f"replay answered {replay.status_code}, Idempotent-Replayed {replay.headers.get('idempotent-replayed')}")
    check(replay.content == first.content, "replay body == the first body")
    check(replay.headers.get("location") == first.headers.get("location"),
          f"replay Location {replay.headers.get('location')} == the first's")
    check(replayed.id == reservation.id, "replay names the same reservation")

    trips = parsed(list_trips.sync_detailed(client=guest), TripPage, "trips")
    check([trip.id for trip in trips.items] == [reservation.id], f"trips {[trip.id for trip in trips.items]}")

    cancelled = parsed(cancel_reservation.sync_detailed(reservation.id, client=guest), Reservation, "cancel")
    check(str(cancelled.status) in ("cancelled", "ReservationStatus.CANCELLED") or
          getattr(cancelled.status, "value", None) == "cancelled", f"cancelled status {cancelled.status}")

    print(f"{len(failures)} failed" if failures else "generated client: every step passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
